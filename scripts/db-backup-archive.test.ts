import { mkdtempSync, writeFileSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { gzipSync } from "node:zlib";
import { describe, expect, test } from "vitest";
import { Header } from "tar";
import { InvalidBackupError, readBackup } from "./db-backup-archive.ts";

const folder = mkdtempSync(path.join(os.tmpdir(), "sdd-archive-"));

/** A .tar.gz holding one header (and no bytes): what an entry claims is all the reader has to go on. */
function archiveClaiming(name: string, size: number): string {
  const file = path.join(folder, `${Math.random().toString(36).slice(2)}.tar.gz`);
  const header = new Header({ path: name, type: "File", mode: 0o644, size, mtime: new Date() });
  header.encode();
  writeFileSync(file, gzipSync(Buffer.concat([header.block!, Buffer.alloc(1024)])));
  return file;
}

describe("reading a backup", () => {
  test("an entry larger than what it says it is can be is refused from its header, before its bytes", async () => {
    const key = `${"a".repeat(64)}.png`;
    const refusal = readBackup(archiveClaiming(`uploads/${key}`, 4 * 1024 ** 3), async () => {});
    await expect(refusal).rejects.toBeInstanceOf(InvalidBackupError);
    await expect(refusal).rejects.toThrow(/grande demais/);
  });

  test("an entry no backup holds is refused by its name", async () => {
    await expect(readBackup(archiveClaiming("../../etc/passwd", 10), async () => {})).rejects.toThrow(
      /entrada inesperada/,
    );
  });

  test("a file that is not a gzipped tar, and one cut short, are refused with their reason", async () => {
    const notTar = path.join(folder, "not-a-backup.tar.gz");
    writeFileSync(notTar, "isto não é um backup");
    await expect(readBackup(notTar, async () => {})).rejects.toBeInstanceOf(InvalidBackupError);
    const key = `${"b".repeat(64)}.png`;
    const header = new Header({
      path: `uploads/${key}`,
      type: "File",
      mode: 0o644,
      size: 4096,
      mtime: new Date(),
    });
    header.encode();
    const cut = path.join(folder, "cut.tar.gz");
    writeFileSync(cut, gzipSync(Buffer.concat([header.block!, Buffer.alloc(1000, 1)])));
    await expect(readBackup(cut, async () => {})).rejects.toThrow(/termina no meio|legível/);
  });
});
