// `npm run db:backup` / `db:restore` against a real production server on a data folder of its own (ADR 039):
// a member signs up, the backup is taken while the site runs, a second member signs up after it, the site
// stops, the backup is restored, the site starts again: the first member is there, the second is not. The
// uploads travel with it; a restore is refused while the site runs, and so is a second process on the folder.
import { execFile } from "node:child_process";
import { createHash, randomBytes } from "node:crypto";
import { existsSync, mkdtempSync } from "node:fs";
import { mkdir, readdir, readFile, rm, writeFile } from "node:fs/promises";
import os from "node:os";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import {
  productionBuild,
  startProductionServer,
  type RunningServer,
} from "#tests/support/production-server.ts";

const PORT = 3351;
const dataDir = mkdtempSync(path.join(os.tmpdir(), "sdd-backup-"));
const backupFile = path.join(dataDir, "..", `${path.basename(dataDir)}.tar.gz`);
const env = { PORT: String(PORT), DATA_DIR: dataDir };
let server: RunningServer | undefined;

type Run = { code: number; stdout: string; stderr: string };

/** Runs one of the commands as `npm run` does (Node running the script), on the test's data folder. */
function command(script: string, args: string[] = []): Promise<Run> {
  return new Promise((resolve) => {
    execFile(
      process.execPath,
      [script, ...args],
      { env: { ...process.env, DATA_DIR: dataDir, DATABASE_URL: "", LOG_LEVEL: "warn" } },
      (error, stdout, stderr) => resolve({ code: error ? Number(error.code ?? 1) : 0, stdout, stderr }),
    );
  });
}

async function signUp(name: string) {
  const email = `${name.toLowerCase()}-${randomBytes(3).toString("hex")}@exemplo.com.br`;
  const password = "uma senha bem comprida 123";
  const res = await fetch(`http://127.0.0.1:${PORT}/cadastro`, {
    method: "POST",
    redirect: "manual",
    body: new URLSearchParams({ socialName: name, email, password }),
    headers: { "sec-fetch-site": "same-origin" },
  });
  expect(res.headers.getSetCookie().length, `cadastro de ${name}: HTTP ${res.status}`).toBeGreaterThan(0);
  return { email, password };
}

/** Whether the account exists on the running server: signing in answers with a redirect and a session. */
async function canSignIn({ email, password }: { email: string; password: string }) {
  const res = await fetch(`http://127.0.0.1:${PORT}/entrar`, {
    method: "POST",
    redirect: "manual",
    body: new URLSearchParams({ email, password }),
    headers: { "sec-fetch-site": "same-origin" },
  });
  return res.status === 302 && res.headers.getSetCookie().length > 0;
}

/** An image as the uploads folder keeps it: named by the SHA-256 of its bytes. */
async function putUpload() {
  const body = randomBytes(256);
  const key = `${createHash("sha256").update(body).digest("hex")}.png`;
  await mkdir(path.join(dataDir, "uploads"), { recursive: true });
  await writeFile(path.join(dataDir, "uploads", key), body);
  return key;
}

describe("backups of the embedded database", () => {
  beforeAll(async () => {
    await productionBuild();
  }, 600_000);

  afterAll(async () => {
    await server?.stop();
    await rm(dataDir, { recursive: true, force: true });
    await rm(backupFile, { force: true });
  });

  it("backs up while the site runs, restores with it stopped: what came before is back, what came after is not", async () => {
    server = await startProductionServer(env);
    const before = await signUp("Antes");
    const uploadBefore = await putUpload();

    const backup = await command("scripts/db-backup.ts", ["--out", backupFile]);
    expect(backup.stderr).toBe("");
    expect(backup.code).toBe(0);
    expect(backup.stdout).toContain("com o site no ar");
    expect(backup.stdout).toContain("1 imagens");
    expect(existsSync(backupFile)).toBe(true);

    const after = await signUp("Depois");
    const uploadAfter = await putUpload();
    expect(await canSignIn(after)).toBe(true);

    // Refused while the site runs, and nothing is touched.
    const refused = await command("scripts/db-restore.ts", [backupFile]);
    expect(refused.code).toBe(1);
    expect(refused.stderr).toContain(`em uso pelo processo ${server.child.pid}`);
    expect(refused.stderr).toContain("precisa estar parado");
    expect((await readdir(dataDir)).filter((name) => name.startsWith("replaced-"))).toEqual([]);
    // A second process on the same folder (a command, a second server) is refused too, instead of corrupting it.
    const migrate = await command("scripts/db-migrate.ts");
    expect(migrate.code).not.toBe(0);
    expect(migrate.stderr).toContain("em uso pelo processo");
    expect(await canSignIn(after)).toBe(true);

    expect(await server.stop()).toBe(0);
    server = undefined;
    const restore = await command("scripts/db-restore.ts", [backupFile]);
    expect(restore.stderr).toBe("");
    expect(restore.code).toBe(0);
    expect(restore.stdout).toContain("restaurado");

    // What was replaced is kept aside, the later upload with it.
    const aside = (await readdir(dataDir)).filter((name) => name.startsWith("replaced-"));
    expect(aside).toHaveLength(1);
    expect(existsSync(path.join(dataDir, aside[0]!, "pgdata", "PG_VERSION"))).toBe(true);
    expect(existsSync(path.join(dataDir, aside[0]!, "uploads", uploadAfter))).toBe(true);
    expect(await readdir(path.join(dataDir, "uploads"))).toEqual([uploadBefore]);

    server = await startProductionServer(env);
    expect(await canSignIn(before)).toBe(true);
    expect(await canSignIn(after)).toBe(false);
  }, 300_000);

  it("refuses an archive that is not a whole backup, before touching anything", async () => {
    await server?.stop();
    server = undefined;
    const bogus = path.join(dataDir, "..", `${path.basename(dataDir)}-bogus.tar.gz`);
    const asideBefore = (await readdir(dataDir)).filter((name) => name.startsWith("replaced-"));
    try {
      await writeFile(bogus, "não é um backup");
      const notATar = await command("scripts/db-restore.ts", [bogus]);
      expect(notATar.code).toBe(1);
      expect(notATar.stderr).toContain("Backup inválido");
      // A backup cut short (a copy that stopped halfway).
      const whole = await readFile(backupFile);
      await writeFile(bogus, whole.subarray(0, Math.floor(whole.length / 2)));
      const cut = await command("scripts/db-restore.ts", [bogus]);
      expect(cut.code).toBe(1);
      expect(cut.stderr).toContain("Backup inválido");
      expect((await readdir(dataDir)).filter((name) => name.startsWith("replaced-"))).toEqual(asideBefore);
      expect((await readdir(dataDir)).filter((name) => name.startsWith(".restoring-"))).toEqual([]);
    } finally {
      await rm(bogus, { force: true });
    }
  }, 120_000);
});
