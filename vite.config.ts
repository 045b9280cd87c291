import { reactRouter } from "@react-router/dev/vite";
import tailwindcss from "@tailwindcss/vite";
import { defineConfig } from "vite";

export default defineConfig({
  plugins: [tailwindcss(), reactRouter()],
  build: { assetsInlineLimit: 0 },
  // The server build starts from the HTTP server, which imports the routes' build: one bundle, one copy of each
  // module (server/server.ts only loads it; ADR 001).
  environments: { ssr: { build: { rollupOptions: { input: "./server/app.ts" } } } },
  // PGlite ships its WASM beside its JS: keep it out of the dependency optimiser and the SSR bundle.
  optimizeDeps: { exclude: ["@electric-sql/pglite"] },
  ssr: { external: ["@electric-sql/pglite", "sharp", "pg", "pino", "nodemailer", "sanitize-html"] },
});
