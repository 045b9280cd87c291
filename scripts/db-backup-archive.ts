// The backup file of `npm run db:backup` / `db:restore` (ADR 039): one gzipped tar holding
//
//   pgdata.tar        the embedded database, as PGlite's dumpDataDir writes it (its loadDataDir reads it back)
//   uploads/<key>     the uploaded images (DATA_DIR/uploads); each is named by the SHA-256 of its bytes
//   sdd-backup.json   last: what the archive holds, with the database tarball's size and SHA-256
//
// Written and read with node-tar (the archive library npm itself uses): a tar any `tar -xzf` opens, so an operator
// can look inside without the site. Reading checks each entry's name and size from its header, before its bytes.
import { createHash } from "node:crypto";
import { once } from "node:events";
import { createReadStream, createWriteStream } from "node:fs";
import { readdir, readFile, rename, rm, stat } from "node:fs/promises";
import path from "node:path";
import { pipeline } from "node:stream/promises";
import { parseArgs } from "node:util";
import { Header, Pack, Parser, ReadEntry } from "tar";

export const MANIFEST_NAME = "sdd-backup.json";
export const DATABASE_NAME = "pgdata.tar";
export const BACKUP_FORMAT = "suporte-de-domingo-backup";
export const BACKUP_VERSION = 1;
/** Upload keys as the site writes them (app/features/uploads/storage.server.ts). */
export const UPLOAD_KEY = /^[a-f0-9]{64}\.(png|jpg)$/;

export type BackupManifest = {
  format: typeof BACKUP_FORMAT;
  version: number;
  createdAt: string;
  /** How the copy was taken: asked of the running server, or read from the stopped data folder. */
  source: "running-server" | "stopped-data-folder";
  database: { file: typeof DATABASE_NAME; bytes: number; sha256: string };
  uploads: { included: boolean; files: number; bytes: number };
};

/** What both commands print on PostgreSQL (DATABASE_URL): its own tools do it better. */
export const POSTGRES_RECIPE = `Com DATABASE_URL o banco é um PostgreSQL: use as ferramentas dele, que copiam com o site no ar.

  # backup (consistente com o site no ar)
  pg_dump --format=custom --no-owner --file=suporte-$(date +%Y%m%d-%H%M%S).dump "$DATABASE_URL"

  # restaurar (pare os servidores do site antes; --clean apaga o que existe)
  pg_restore --clean --if-exists --no-owner --single-transaction --dbname="$DATABASE_URL" suporte-AAAAMMDD-HHMMSS.dump

As imagens enviadas não estão no banco: copie DATA_DIR/uploads junto (ou o bucket S3, se configurado).
Detalhes: docs/running-in-public.md, seção "Backups".`;

// ------------------------------------------------------------------------------------------ the commands

type OptionSpec = { type: "string" | "boolean"; short?: string };
type OptionValues<O extends Record<string, OptionSpec>> = {
  [K in keyof O]?: O[K]["type"] extends "string" ? string : boolean;
};

/**
 * The arguments of `db:backup` and `db:restore`: their values and exactly `positionals` file names. `--help`
 * prints `usage` and ends the process; anything else the command does not take prints it and fails.
 */
export function commandArgs<const O extends Record<string, OptionSpec>>(
  usage: string,
  options: O,
  positionals = 0,
): { values: OptionValues<O>; positionals: string[] } {
  let parsed: ReturnType<typeof parseArgs>;
  try {
    parsed = parseArgs({
      options: { ...options, help: { type: "boolean", short: "h" } },
      allowPositionals: positionals > 0,
    });
  } catch (error) {
    console.error((error as Error).message);
    console.error(usage);
    process.exit(1);
  }
  if (parsed.values.help) {
    console.log(usage);
    process.exit(0);
  }
  if (parsed.positionals.length !== positionals) {
    console.error(usage);
    process.exit(1);
  }
  return parsed as { values: OptionValues<O>; positionals: string[] };
}

/**
 * The embedded database's folders (DATA_DIR, its pgdata and uploads). On PostgreSQL (DATABASE_URL) there is
 * nothing of ours to copy: the recipe with its own tools is printed and the process fails.
 */
export async function embeddedDataFolders(): Promise<{
  dataDir: string;
  pgdata: string;
  uploadsDir: string;
}> {
  process.env.LOG_LEVEL ??= "warn";
  const { env } = await import("../app/lib/env.server.ts");
  const config = env();
  if (config.DATABASE_URL) {
    console.error(POSTGRES_RECIPE);
    process.exit(1);
  }
  const dataDir = path.resolve(config.DATA_DIR);
  return { dataDir, pgdata: path.join(dataDir, "pgdata"), uploadsDir: path.join(dataDir, "uploads") };
}

const sha256 = (bytes: Uint8Array) => createHash("sha256").update(bytes).digest("hex");

// ------------------------------------------------------------------------------------------------ writing

/** A file entry made from bytes in memory (node-tar packs files from disk, or entries like this one). */
function fileEntry(name: string, body: Uint8Array): ReadEntry {
  const header = new Header({
    path: name,
    type: "File",
    mode: 0o644,
    size: body.byteLength,
    mtime: new Date(),
  });
  const entry = new ReadEntry(header);
  entry.end(Buffer.from(body.buffer, body.byteOffset, body.byteLength));
  return entry;
}

/** The uploads to copy: their names, the files' sizes. Only files named as the site names uploads. */
export async function listUploads(uploadsDir: string): Promise<Array<{ key: string; bytes: number }>> {
  const names = await readdir(uploadsDir).catch((error: NodeJS.ErrnoException) => {
    if (error.code === "ENOENT") return [] as string[];
    throw error;
  });
  const found: Array<{ key: string; bytes: number }> = [];
  for (const key of names.filter((name) => UPLOAD_KEY.test(name)).sort()) {
    const info = await stat(path.join(uploadsDir, key)).catch(() => null);
    if (info?.isFile()) found.push({ key, bytes: info.size });
  }
  return found;
}

/**
 * Writes the archive to `file` (beside it first, then renamed: a backup that failed halfway never has the
 * final name). `uploadsBefore` were listed before the database was copied: files listed then or now are all
 * included, so every upload the database can name is there (uploads are only removed after their rows). The
 * manifest goes last, once the uploads have been counted as they were written (one file in memory at a time).
 */
export async function writeBackup({
  file,
  database,
  source,
  uploadsDir,
  uploadsBefore,
}: {
  file: string;
  database: Uint8Array;
  source: BackupManifest["source"];
  /** Unset: uploads are left out (`--no-uploads`). */
  uploadsDir?: string;
  uploadsBefore?: Array<{ key: string }>;
}): Promise<BackupManifest> {
  const keys = new Set<string>();
  if (uploadsDir) {
    for (const { key } of uploadsBefore ?? []) keys.add(key);
    for (const { key } of await listUploads(uploadsDir)) keys.add(key);
  }
  const manifest: BackupManifest = {
    format: BACKUP_FORMAT,
    version: BACKUP_VERSION,
    createdAt: new Date().toISOString(),
    source,
    database: { file: DATABASE_NAME, bytes: database.byteLength, sha256: sha256(database) },
    uploads: { included: uploadsDir !== undefined, files: 0, bytes: 0 },
  };
  const partial = `${file}.partial`;
  const pack = new Pack({ gzip: true, portable: true });
  const written = pipeline(pack, createWriteStream(partial, { mode: 0o600 }));
  const add = async (name: string, body: Uint8Array) => {
    if (!pack.write(fileEntry(name, body))) await once(pack, "drain");
  };
  try {
    await add(DATABASE_NAME, database);
    for (const key of [...keys].sort()) {
      // A file removed since it was listed (a removed account's picture) is left out, not an error.
      const body = await readFile(path.join(uploadsDir!, key)).catch(() => null);
      if (!body) continue;
      manifest.uploads.files++;
      manifest.uploads.bytes += body.length;
      await add(`uploads/${key}`, body);
    }
    await add(MANIFEST_NAME, Buffer.from(`${JSON.stringify(manifest, null, 2)}\n`));
    pack.end();
    await written;
    await rename(partial, file);
  } catch (error) {
    pack.destroy();
    await written.catch(() => {});
    await rm(partial, { force: true });
    throw error;
  }
  return manifest;
}

// ------------------------------------------------------------------------------------------------ reading

export class InvalidBackupError extends Error {
  constructor(message: string) {
    super(`Backup inválido: ${message}`);
    this.name = "InvalidBackupError";
  }
}

/**
 * The entries of a gzipped tar, one at a time, each read whole. The file is fed to the parser a chunk at a time
 * and the entries that chunk completed are handed out before the next is read, so at most one chunk's entries
 * are held. A name or size no backup has is refused from the entry's header.
 */
async function* readTar(file: string): AsyncGenerator<{ name: string; body: Buffer }> {
  const done: Array<{ name: string; body: Buffer }> = [];
  let failure: Error | undefined;
  let ended = false;
  const parser = new Parser({
    strict: true,
    onReadEntry(entry) {
      try {
        if (entry.type !== "File") {
          throw new InvalidBackupError(`entrada inesperada no arquivo (${entry.type})`);
        }
        assertEntryFits({ name: entry.path, size: entry.size });
      } catch (error) {
        failure ??= error as Error;
        entry.resume();
        return;
      }
      const chunks: Buffer[] = [];
      entry.on("data", (chunk: Buffer) => chunks.push(chunk));
      entry.on("end", () => done.push({ name: entry.path, body: Buffer.concat(chunks, entry.size) }));
    },
  });
  parser.on("error", (error: Error) => {
    failure ??= new InvalidBackupError(`o arquivo não é um .tar.gz legível (${error.message})`);
  });
  parser.on("end", () => (ended = true));
  const next = function* () {
    if (failure) throw failure;
    yield* done.splice(0);
  };
  for await (const chunk of createReadStream(file) as AsyncIterable<Buffer>) {
    parser.write(chunk);
    yield* next();
  }
  parser.end();
  yield* next();
  if (!ended) throw new InvalidBackupError("o arquivo termina no meio (cópia incompleta?)");
}

/** The most an entry may hold, by what it is: checked from its header, before its bytes are read. */
const ENTRY_MAX_BYTES = {
  manifest: 16 * 1024 * 1024,
  upload: 8 * 1024 * 1024,
  database: 16 * 1024 * 1024 * 1024,
};

/** Refuses an entry that is not one a backup holds, or one larger than what it says it is can be. */
function assertEntryFits({ name, size }: { name: string; size: number }) {
  const max =
    name === MANIFEST_NAME
      ? ENTRY_MAX_BYTES.manifest
      : name === DATABASE_NAME
        ? ENTRY_MAX_BYTES.database
        : name.startsWith("uploads/")
          ? ENTRY_MAX_BYTES.upload
          : null;
  if (max === null) throw new InvalidBackupError(`entrada inesperada no arquivo: ${name.slice(0, 120)}`);
  if (size > max) throw new InvalidBackupError(`entrada grande demais para um backup: ${name.slice(0, 120)}`);
}

/**
 * Reads and checks a whole backup before anything is replaced: every upload named as the site names them and
 * holding the bytes its name is the hash of, the manifest (last) of a known format, the database tarball of
 * the size and SHA-256 it says, as many uploads as it counted. Uploads are handed to `onUpload` as they are
 * read (to a staging folder), the database returned.
 */
export async function readBackup(
  file: string,
  onUpload: (key: string, body: Buffer) => Promise<void>,
): Promise<{ manifest: BackupManifest; database: Buffer; uploads: number }> {
  let manifest: BackupManifest | undefined;
  let database: Buffer | undefined;
  let uploads = 0;
  for await (const entry of readTar(file)) {
    if (manifest) throw new InvalidBackupError(`entrada depois de ${MANIFEST_NAME}: ${entry.name}`);
    if (entry.name === MANIFEST_NAME) {
      manifest = parseManifest(entry.body);
      continue;
    }
    if (entry.name === DATABASE_NAME) {
      if (database) throw new InvalidBackupError(`${DATABASE_NAME} aparece duas vezes`);
      database = entry.body;
      continue;
    }
    const key = entry.name.startsWith("uploads/") ? entry.name.slice("uploads/".length) : "";
    if (!UPLOAD_KEY.test(key)) throw new InvalidBackupError(`entrada inesperada: ${entry.name}`);
    if (`${sha256(entry.body)}${path.extname(key)}` !== key) {
      throw new InvalidBackupError(`o envio ${key} não confere com o próprio nome (arquivo corrompido)`);
    }
    await onUpload(key, entry.body);
    uploads++;
  }
  if (!manifest) throw new InvalidBackupError(`falta ${MANIFEST_NAME} (não é um backup, ou está incompleto)`);
  if (!database) throw new InvalidBackupError(`falta ${DATABASE_NAME}`);
  if (database.length !== manifest.database.bytes || sha256(database) !== manifest.database.sha256) {
    throw new InvalidBackupError(`${DATABASE_NAME} não confere com o manifesto (arquivo corrompido)`);
  }
  if (uploads !== manifest.uploads.files) {
    throw new InvalidBackupError(
      `o manifesto conta ${manifest.uploads.files} envios, o arquivo tem ${uploads}`,
    );
  }
  return { manifest, database, uploads };
}

function parseManifest(body: Buffer): BackupManifest {
  let value: Partial<BackupManifest>;
  try {
    value = JSON.parse(body.toString("utf8")) as Partial<BackupManifest>;
  } catch {
    throw new InvalidBackupError(`${MANIFEST_NAME} ilegível`);
  }
  if (value.format !== BACKUP_FORMAT) throw new InvalidBackupError("não é um backup da Suporte de Domingo");
  if (value.version !== BACKUP_VERSION) {
    throw new InvalidBackupError(`formato ${String(value.version)} desconhecido por esta versão do site`);
  }
  if (
    typeof value.database?.sha256 !== "string" ||
    typeof value.database.bytes !== "number" ||
    typeof value.uploads?.files !== "number"
  ) {
    throw new InvalidBackupError(`${MANIFEST_NAME} incompleto`);
  }
  return value as BackupManifest;
}
