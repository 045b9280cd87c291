// Starts the HTTP server. Its code (server/app.ts) is built into the app's bundle with the routes, so both share one
// copy of every module (React Router's context keys are compared by identity, the database is one per process);
// this file only finds it: the production build, or Vite's dev server with `--dev` (ADR 001).
import path from "node:path";
import type * as ServerModule from "./app.ts";

const isDev = process.argv.includes("--dev");

let server: typeof ServerModule;
let dev: ServerModule.ServerOptions["dev"];
if (isDev) {
  const vite = await import("vite").then((v) => v.createServer({ server: { middlewareMode: true } }));
  server = (await vite.ssrLoadModule("/server/app.ts")) as typeof ServerModule;
  dev = {
    middlewares: vite.middlewares,
    build: () => vite.ssrLoadModule("virtual:react-router/server-build") as never,
  };
} else {
  server = (await import(
    path.resolve(process.env.BUILD_DIR ?? "build", "server/index.js")
  )) as typeof ServerModule;
}

try {
  server.parseEnv(process.env);
} catch (error) {
  console.error((error as Error).message);
  process.exit(1);
}
await server.createServer({ dev }).listen();
