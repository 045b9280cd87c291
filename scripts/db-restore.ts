// `npm run db:restore -- arquivo.tar.gz`: puts a `db:backup` back in DATA_DIR (ADR 039). Refuses while any
// process holds the embedded database (the site, a command): the data folder's control socket answers then.
// The archive is read and checked whole, and the database opened from it in a staging folder, before
// anything is replaced; the replaced database and uploads are moved aside (DATA_DIR/replaced-<date>/), never
// deleted. On PostgreSQL it prints the pg_restore recipe.
import { existsSync } from "node:fs";
import { mkdir, readFile, rename, rm, writeFile } from "node:fs/promises";
import path from "node:path";
import { sql } from "drizzle-orm";
import { commandArgs, embeddedDataFolders, readBackup } from "./db-backup-archive.ts";

const USAGE = `Uso: npm run db:restore -- <arquivo.tar.gz>

Restaura um backup de npm run db:backup em DATA_DIR, com o site parado. O banco e as imagens atuais são
guardados em DATA_DIR/replaced-<data>/ (nada é apagado).`;

const file = path.resolve(commandArgs(USAGE, {}, 1).positionals[0]!);

try {
  const { dataDir, pgdata, uploadsDir } = await embeddedDataFolders();
  const { DataDirInUseError, holdDataDir } = await import("../app/lib/pglite-control.server.ts");
  const { openDatabase } = await import("../app/lib/db.server.ts");

  if (!existsSync(file)) throw new Error(`arquivo não encontrado: ${file}`);
  const { keepDataDirPrivate } = await import("../app/lib/data-dir.server.ts");
  await keepDataDirPrivate(dataDir, (message) => console.warn(message));

  // Held for the whole restore: refused if the site (or any command) has the database, and a server started
  // meanwhile is refused in turn.
  let hold: Awaited<ReturnType<typeof holdDataDir>>;
  try {
    hold = await holdDataDir(pgdata, {
      role: "npm run db:restore",
      backup: () => Promise.reject(new Error("uma restauração está em andamento")),
    });
  } catch (error) {
    if (error instanceof DataDirInUseError) {
      throw new Error(
        `${error.message}\nO site precisa estar parado para restaurar: pare-o, rode o comando de novo e inicie-o.`,
      );
    }
    throw error;
  }
  const stamp = new Date().toISOString().replace(/[-:]/g, "").replace("T", "-").slice(0, 15);
  const staging = path.join(dataDir, `.restoring-${stamp}`);
  try {
    await rm(staging, { recursive: true, force: true });
    await mkdir(path.join(staging, "uploads"), { recursive: true });
    const { manifest, database, uploads } = await readBackup(file, (key, body) =>
      writeFile(path.join(staging, "uploads", key), body),
    );
    // The database must open from the archive and be one this version of the site can run.
    const restored = await openDatabase({
      dataDir: path.join(staging, "pgdata"),
      snapshot: new Blob([new Uint8Array(database)]),
      role: "npm run db:restore",
    });
    let members: number;
    try {
      const newest = await restored.db.execute<{ created_at: string | null }>(
        sql`select max(created_at)::text as created_at from drizzle.__drizzle_migrations`,
      );
      const known = await newestKnownMigration();
      const applied = Number(newest.rows[0]?.created_at ?? 0);
      if (applied > known) {
        throw new Error(
          "o backup vem de uma versão mais nova do site (tem migrações que esta não conhece): atualize o site antes",
        );
      }
      const count = await restored.db.execute<{ n: number }>(sql`select count(*)::int as n from users`);
      members = Number(count.rows[0]?.n ?? 0);
    } finally {
      await restored.close();
    }

    // Checked: now the swap. What was there is moved aside, never deleted.
    const aside = path.join(dataDir, `replaced-${stamp}`);
    await mkdir(aside, { recursive: true });
    if (existsSync(pgdata)) await rename(pgdata, path.join(aside, "pgdata"));
    await rename(path.join(staging, "pgdata"), pgdata);
    if (manifest.uploads.included) {
      if (existsSync(uploadsDir)) await rename(uploadsDir, path.join(aside, "uploads"));
      await rename(path.join(staging, "uploads"), uploadsDir);
    }
    console.log(
      `Backup de ${manifest.createdAt} restaurado em ${dataDir}: ${members} membros, ${uploads} imagens` +
        (manifest.uploads.included
          ? ""
          : " (o backup não tinha imagens: DATA_DIR/uploads ficou como estava)") +
        `.\nO que havia antes está em ${aside} (apague quando não precisar mais).`,
    );
  } finally {
    await rm(staging, { recursive: true, force: true });
    await hold.release();
  }
} catch (error) {
  console.error("Não foi possível restaurar o backup:");
  console.error(error instanceof Error ? error.message : error);
  process.exitCode = 1;
}

/** The `when` of the newest migration this version of the site ships (drizzle's journal). */
async function newestKnownMigration(): Promise<number> {
  const folder = process.env.MIGRATIONS_DIR ?? path.resolve(import.meta.dirname, "../db/migrations");
  const journal = JSON.parse(await readFile(path.join(folder, "meta/_journal.json"), "utf8")) as {
    entries: Array<{ when: number }>;
  };
  return Math.max(0, ...journal.entries.map((entry) => entry.when));
}
