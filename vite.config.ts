import { reactRouter } from "@react-router/dev/vite";
import tailwindcss from "@tailwindcss/vite";
import { Features } from "lightningcss";
import { defineConfig } from "vite";

export default defineConfig({
  plugins: [tailwindcss(), reactRouter()],
  build: { assetsInlineLimit: 0 },
  // The themes' colours are `light-dark()` pairs resolved where they are used, so a part can keep its light look
  // with `color-scheme: light` (app.css, ADR 059); rewritten for older browsers, they would be fixed at :root.
  css: { lightningcss: { exclude: Features.LightDark } },
  // The server build starts from the HTTP server, which imports the routes' build: one bundle, one copy of each
  // module (server/server.ts only loads it; ADR 001).
  environments: { ssr: { build: { rollupOptions: { input: "./server/app.ts" } } } },
  // PGlite ships its WASM beside its JS: keep it out of the dependency optimiser and the SSR bundle.
  optimizeDeps: { exclude: ["@electric-sql/pglite"] },
  ssr: { external: ["@electric-sql/pglite", "sharp", "pg", "pino", "nodemailer", "sanitize-html"] },
});
