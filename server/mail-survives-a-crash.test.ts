// E-mail that survives a crash (ADR 048), on a real production server: five members ask for a password reset,
// the server is killed with SIGKILL the moment the last answer arrives, and started again on the same data
// folder: every reset e-mail leaves. Before the outbox, e-mails were sent from memory after the answer, and a
// crash at that moment lost them.
import { mkdtempSync } from "node:fs";
import { readdir, readFile, rm } from "node:fs/promises";
import os from "node:os";
import path from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import {
  productionBuild,
  startProductionServer,
  type RunningServer,
} from "#tests/support/production-server.ts";

const PORT = 3356;
const dataDir = mkdtempSync(path.join(os.tmpdir(), "sdd-mail-crash-"));
let server: RunningServer | undefined;

afterAll(async () => {
  await server?.stop();
  await rm(dataDir, { recursive: true, force: true });
});

const form = (fields: Record<string, string>, ip: string) => ({
  method: "POST",
  redirect: "manual" as const,
  body: new URLSearchParams(fields),
  headers: { "sec-fetch-site": "same-origin", "x-forwarded-for": ip },
});

async function resetMailsTo(addresses: string[]): Promise<string[]> {
  const dir = path.join(dataDir, "outbox");
  const files = (await readdir(dir).catch(() => [] as string[])).filter((f) => f.endsWith(".json"));
  const mails = await Promise.all(
    files.map(
      async (f) => JSON.parse(await readFile(path.join(dir, f), "utf8")) as { to: string; subject: string },
    ),
  );
  return mails
    .filter((m) => addresses.includes(m.to) && /Recupere sua senha/.test(m.subject))
    .map((m) => m.to);
}

describe("a crash right after password-reset requests", () => {
  it("loses none of their e-mails", { timeout: 300_000 }, async () => {
    await productionBuild();
    const env = { PORT: String(PORT), DATA_DIR: dataDir };
    server = await startProductionServer(env);
    const origin = server.origin;
    const addresses = Array.from({ length: 5 }, (_, i) => `queda-${i}-${Date.now()}@exemplo.com.br`);
    for (const [i, email] of addresses.entries()) {
      const res = await fetch(
        `${origin}/cadastro`,
        form({ socialName: `Pessoa ${i}`, email, password: `senha-forte-${email}` }, `198.51.100.${i + 1}`),
      );
      expect(res.status, `cadastro ${i}`).toBe(302);
    }
    // The five requests at once; SIGKILL as soon as the last answer is in.
    const answers = await Promise.all(
      addresses.map((email, i) => fetch(`${origin}/esqueci-a-senha`, form({ email }, `203.0.113.${i + 1}`))),
    );
    const killed = server.child;
    const exited = new Promise<void>((resolve) => killed.once("exit", () => resolve()));
    killed.kill("SIGKILL");
    expect(answers.every((res) => res.status < 400)).toBe(true);
    await exited;

    server = await startProductionServer(env);
    await expect
      // At once, or after the claim of a send the kill interrupted runs out (30 s).
      .poll(async () => (await resetMailsTo(addresses)).sort(), { timeout: 60_000, interval: 250 })
      .toEqual([...addresses].sort());
  });
});
