// `npm start` builds the app first when there is no build, or when the sources are newer than it.
import { execFileSync } from "node:child_process";
import { existsSync, readdirSync, statSync } from "node:fs";
import path from "node:path";

// BUILD_DIR (react-router.config.ts) lets a second checkout of the build run beside ./build.
const buildEntry = path.join(process.env.BUILD_DIR ?? "build", "server/index.js");

function newestMtime(dir: string): number {
  let newest = 0;
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    const full = path.join(dir, entry.name);
    newest = Math.max(newest, entry.isDirectory() ? newestMtime(full) : statSync(full).mtimeMs);
  }
  return newest;
}

const stale =
  !existsSync(buildEntry) ||
  Math.max(
    newestMtime("app"),
    newestMtime("db"),
    newestMtime("server"),
    newestMtime("public"),
    statSync("package.json").mtimeMs,
  ) > statSync(buildEntry).mtimeMs;

if (stale) {
  console.log("Construindo o site (react-router build)…");
  execFileSync(process.execPath, ["node_modules/@react-router/dev/bin.cjs", "build"], { stdio: "inherit" });
}
