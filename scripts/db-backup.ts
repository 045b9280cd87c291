// `npm run db:backup [-- --out arquivo.tar.gz] [--no-uploads]`: a consistent copy of the embedded database and
// the uploaded images, while the site runs or not (ADR 039). With the site running, the copy is asked of its
// process through the data folder's control socket (PGlite belongs to that one process); with it stopped, this
// command opens the folder itself, as it is (no migrations). On PostgreSQL it prints the pg_dump recipe.
import { existsSync } from "node:fs";
import { mkdir } from "node:fs/promises";
import path from "node:path";
import { commandArgs, embeddedDataFolders, listUploads, writeBackup } from "./db-backup-archive.ts";

const USAGE = `Uso: npm run db:backup -- [--out <arquivo.tar.gz>] [--no-uploads]

Copia o banco embutido (PGlite em DATA_DIR/pgdata) e as imagens enviadas (DATA_DIR/uploads) num só
arquivo .tar.gz, com o site no ar ou parado. Sem --out: backups/suporte-<data>.tar.gz.
Restaurar: npm run db:restore -- <arquivo.tar.gz> (com o site parado).`;

const { values: options } = commandArgs(USAGE, {
  out: { type: "string", short: "o" },
  "no-uploads": { type: "boolean" },
});

try {
  const { pgdata, uploadsDir } = await embeddedDataFolders();
  const { backupFromHolder, probeHolder } = await import("../app/lib/pglite-control.server.ts");

  const stamp = new Date().toISOString().replace(/[-:]/g, "").replace("T", "-").slice(0, 15);
  const file = path.resolve(options.out ?? path.join("backups", `suporte-${stamp}.tar.gz`));
  await mkdir(path.dirname(file), { recursive: true });

  const withUploads = !options["no-uploads"];
  // Listed before the database is copied, and again after: every upload the copy can name is included.
  const uploadsBefore = withUploads ? await listUploads(uploadsDir) : [];
  const started = Date.now();
  const probe = await probeHolder(pgdata);
  let database: Uint8Array;
  let source: "running-server" | "stopped-data-folder";
  if (probe.state === "live") {
    database = await backupFromHolder(pgdata);
    source = "running-server";
  } else if (probe.state === "unknown") {
    throw new Error(
      `não foi possível falar com o processo que tem ${pgdata} (${probe.error.message}); ` +
        "rode o comando com o mesmo usuário do site",
    );
  } else {
    if (!existsSync(path.join(pgdata, "PG_VERSION"))) {
      throw new Error(`não há banco embutido em ${pgdata}`);
    }
    // Opened as it is (no migrations), held while copied: a server starting now waits for nothing, it is refused.
    const { openDatabase } = await import("../app/lib/db.server.ts");
    const handle = await openDatabase({ dataDir: pgdata, noMigrations: true, role: "npm run db:backup" });
    try {
      database = new Uint8Array(await handle.backup!());
    } finally {
      await handle.close();
    }
    source = "stopped-data-folder";
  }
  const manifest = await writeBackup({
    file,
    database,
    source,
    ...(withUploads ? { uploadsDir, uploadsBefore } : {}),
  });
  const megabytes = (bytes: number) => `${(bytes / 1024 / 1024).toFixed(1)} MB`;
  console.log(
    `Backup gravado em ${file} (${source === "running-server" ? "com o site no ar" : "com o site parado"}, ` +
      `${Date.now() - started} ms): banco ${megabytes(manifest.database.bytes)}, ` +
      (withUploads
        ? `${manifest.uploads.files} imagens (${megabytes(manifest.uploads.bytes)}).`
        : "sem as imagens (--no-uploads)."),
  );
} catch (error) {
  console.error("Não foi possível fazer o backup:");
  console.error(error instanceof Error ? error.message : error);
  process.exitCode = 1;
}
