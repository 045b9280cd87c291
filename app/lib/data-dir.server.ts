// DATA_DIR holds the embedded database, the e-mail outbox (reset links), uploads and generated secrets: it is the
// site's alone. Before the database opens, new files are made private (umask 077) and the folder, with anything
// in it that other local users could read or write (a folder made by an older version, a restored backup), is
// tightened to its owner, with one warning saying so.
import { chmod, lstat, mkdir, readdir } from "node:fs/promises";
import path from "node:path";

const OTHERS = 0o077;

/** Makes `dir` (created if missing) and everything in it readable and writable by this process's user only. */
export async function keepDataDirPrivate(dir: string, warn: (message: string) => void): Promise<number> {
  process.umask(OTHERS);
  await mkdir(dir, { recursive: true, mode: 0o700 });
  let tightened = 0;
  const visit = async (entry: string): Promise<void> => {
    const stats = await lstat(entry).catch(() => null);
    if (!stats || stats.isSymbolicLink()) return;
    if (stats.mode & OTHERS) {
      await chmod(entry, stats.mode & 0o700).catch(() => {});
      tightened++;
    }
    if (stats.isDirectory()) {
      const names = await readdir(entry).catch(() => [] as string[]);
      for (const name of names) await visit(path.join(entry, name));
    }
  };
  await visit(dir);
  if (tightened > 0) {
    warn(
      `${tightened} arquivos e pastas em ${dir} podiam ser lidos por outros usuários desta máquina: agora só o ` +
        "dono do processo do site os lê e escreve",
    );
  }
  return tightened;
}
