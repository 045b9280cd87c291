import { chmod, mkdir, mkdtemp, readdir, stat, writeFile } from "node:fs/promises";
import os from "node:os";
import path from "node:path";
import { afterAll, describe, expect, test } from "vitest";
import { keepDataDirPrivate } from "./data-dir.server.ts";
import { openDatabase } from "./db.server.ts";

const previousUmask = process.umask();
afterAll(() => void process.umask(previousUmask));

/** Every file and folder under `dir` (itself included) that another local user could read or write. */
async function openToOthers(dir: string): Promise<string[]> {
  const found: string[] = [];
  const visit = async (entry: string) => {
    const stats = await stat(entry);
    if (stats.mode & 0o077)
      found.push(`${path.relative(dir, entry) || "."} ${(stats.mode & 0o777).toString(8)}`);
    if (stats.isDirectory()) for (const name of await readdir(entry)) await visit(path.join(entry, name));
  };
  await visit(dir);
  return found;
}

describe("a private data folder", () => {
  test("an existing folder left open to other users is tightened, with one warning", async () => {
    const dir = await mkdtemp(path.join(os.tmpdir(), "sdd-private-"));
    // Modes set one by one: the umask of this process may already be 077 (set by the site's own code).
    await mkdir(path.join(dir, "outbox"));
    await writeFile(path.join(dir, "outbox", "reset.json"), "{}");
    await chmod(dir, 0o755);
    await chmod(path.join(dir, "outbox"), 0o755);
    await chmod(path.join(dir, "outbox", "reset.json"), 0o666);
    const warnings: string[] = [];
    expect(await keepDataDirPrivate(dir, (message) => warnings.push(message))).toBe(3);
    expect(await openToOthers(dir)).toEqual([]);
    expect(warnings).toHaveLength(1);
    expect(warnings[0]).toContain("podiam ser lidos por outros usuários");
    // Already private: nothing to say.
    expect(await keepDataDirPrivate(dir, (message) => warnings.push(message))).toBe(0);
    expect(warnings).toHaveLength(1);
  });

  test("the embedded database's files are the owner's alone from their creation", async () => {
    process.umask(0o022);
    const dir = await mkdtemp(path.join(os.tmpdir(), "sdd-private-db-"));
    const handle = await openDatabase({ dataDir: path.join(dir, "pgdata"), noMigrations: true });
    await handle.close();
    expect(await openToOthers(path.join(dir, "pgdata"))).toEqual([]);
    // Files written afterwards by the same process (the outbox, uploads) are private too.
    await writeFile(path.join(dir, "later.json"), "{}");
    expect(((await stat(path.join(dir, "later.json"))).mode & 0o777).toString(8)).toBe("600");
  });
});
