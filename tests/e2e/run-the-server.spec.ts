// The production server as an operator runs it: a bad configuration is refused, data survives a restart,
// SIGTERM shuts down cleanly.
import { mkdtempSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { expect, test } from "@playwright/test";
import { startServer, waitHealthy } from "./spawned-server.ts";

test.describe.configure({ mode: "serial" });

test("a bad configuration stops the server with one clear line per variable", async () => {
  const server = startServer({ PORT: "not-a-port", DATABASE_URL: "mysql://nope" });
  expect(await server.exited).toBe(1);
  expect(server.output()).toContain("Configuração inválida");
  expect(server.output()).toContain("PORT");
  expect(server.output()).toContain("DATABASE_URL");
});

test("data survives a restart, and SIGTERM shuts down cleanly", async () => {
  test.setTimeout(150_000);
  const dataDir = mkdtempSync(path.join(os.tmpdir(), "sdd-restart-"));
  const port = 3290 + Math.floor(Math.random() * 9);
  const env = { PORT: String(port), DATA_DIR: dataDir, SEED_DEMO: "false" };

  const first = startServer(env);
  await waitHealthy(port);
  const subscribe = await fetch(`http://localhost:${port}/newsletter`, {
    method: "POST",
    body: new URLSearchParams({ email: "reinicio@exemplo.com.br" }),
    headers: { "Sec-Fetch-Site": "same-origin" },
  });
  expect(subscribe.status).toBe(200);
  first.child.kill("SIGTERM");
  expect(await first.exited).toBe(0);
  expect(first.output()).toContain("stopped");

  const second = startServer(env);
  await waitHealthy(port);
  const again = await fetch(`http://localhost:${port}/newsletter.data`, {
    method: "POST",
    body: new URLSearchParams({ email: "reinicio@exemplo.com.br" }),
    headers: { "Sec-Fetch-Site": "same-origin" },
  });
  // The address was stored before the restart and is still pending, so a new link is sent.
  expect(again.status).toBe(200);
  second.child.kill("SIGTERM");
  expect(await second.exited).toBe(0);
});

test("a cross-site form post is refused", async ({ request }) => {
  const response = await request.post("/newsletter", {
    form: { email: "csrf@exemplo.com.br" },
    headers: { "Sec-Fetch-Site": "cross-site", Origin: "https://malicioso.example" },
  });
  expect(response.status()).toBe(403);
});
