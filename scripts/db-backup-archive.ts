// The backup file of `npm run db:backup` / `db:restore` (ADR 039): one gzipped tar holding
//
//   pgdata.tar        the embedded database, as PGlite's dumpDataDir writes it (its loadDataDir reads it back)
//   uploads/<key>     the uploaded images (DATA_DIR/uploads); each is named by the SHA-256 of its bytes
//   sdd-backup.json   last: what the archive holds, with the database tarball's size and SHA-256
//
// Written and read here with a small ustar writer and reader (no archive library): a tar any `tar -xzf`
// opens, so an operator can look inside without the site.
import { createHash } from "node:crypto";
import { createReadStream, createWriteStream } from "node:fs";
import { readdir, readFile, rename, rm, stat } from "node:fs/promises";
import path from "node:path";
import { Readable } from "node:stream";
import { pipeline } from "node:stream/promises";
import { createGunzip, createGzip } from "node:zlib";

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

const sha256 = (bytes: Uint8Array) => createHash("sha256").update(bytes).digest("hex");

// ------------------------------------------------------------------------------------------------ writing

function octal(value: number, width: number): string {
  return value.toString(8).padStart(width - 1, "0") + "\0";
}

/** One ustar header block for a regular file (names here are short: no long-name extensions needed). */
export function header(name: string, size: number, mtime: number): Buffer {
  if (Buffer.byteLength(name) > 100) throw new Error(`nome longo demais para o arquivo: ${name}`);
  const block = Buffer.alloc(512);
  block.write(name, 0, 100, "utf8");
  block.write(octal(0o644, 8), 100);
  block.write(octal(0, 8), 108);
  block.write(octal(0, 8), 116);
  block.write(octal(size, 12), 124);
  block.write(octal(Math.floor(mtime / 1000), 12), 136);
  block.write("        ", 148); // the checksum counts as spaces while it is computed
  block.write("0", 156);
  block.write("ustar\u000000", 257);
  let sum = 0;
  for (const byte of block) sum += byte;
  block.write(`${sum.toString(8).padStart(6, "0")}\0 `, 148);
  return block;
}

const padding = (size: number) => Buffer.alloc((512 - (size % 512)) % 512);

type Entry = { name: string; body: () => Promise<Uint8Array>; mtime?: number };

async function* tarBlocks(entries: AsyncIterable<Entry> | Iterable<Entry>) {
  for await (const entry of entries) {
    const body = await entry.body();
    yield header(entry.name, body.byteLength, entry.mtime ?? Date.now());
    yield body;
    yield padding(body.byteLength);
  }
  yield Buffer.alloc(1024);
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
  async function* entries(): AsyncGenerator<Entry> {
    yield { name: DATABASE_NAME, body: async () => database };
    for (const key of [...keys].sort()) {
      // A file removed since it was listed (a removed account's picture) is left out, not an error.
      const body = await readFile(path.join(uploadsDir!, key)).catch(() => null);
      if (!body) continue;
      manifest.uploads.files++;
      manifest.uploads.bytes += body.length;
      yield { name: `uploads/${key}`, body: async () => body };
    }
    yield { name: MANIFEST_NAME, body: async () => Buffer.from(`${JSON.stringify(manifest, null, 2)}\n`) };
  }
  const partial = `${file}.partial`;
  try {
    await pipeline(
      Readable.from(tarBlocks(entries())),
      createGzip(),
      createWriteStream(partial, { mode: 0o600 }),
    );
    await rename(partial, file);
  } catch (error) {
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

/** The entries of a gzipped tar, one at a time, each read whole. */
async function* readTar(file: string): AsyncGenerator<{ name: string; body: Buffer }> {
  // Chunks are kept in a list and joined once per piece taken: no copying of a large body per chunk.
  const chunks: Buffer[] = [];
  let available = 0;
  const take = (size: number): Buffer => {
    const all = chunks.length === 1 ? chunks[0]! : Buffer.concat(chunks, available);
    chunks.length = 0;
    const piece = all.subarray(0, size);
    const rest = all.subarray(size);
    if (rest.length) chunks.push(rest);
    available = rest.length;
    return piece;
  };
  let current: { name: string; size: number } | undefined;
  let ended = false;
  const source = createReadStream(file).pipe(createGunzip());
  try {
    for await (const chunk of source as AsyncIterable<Buffer>) {
      chunks.push(chunk);
      available += chunk.length;
      while (!ended) {
        if (!current) {
          if (available < 512) break;
          const block = take(512);
          if (block.every((byte) => byte === 0)) {
            ended = true;
            break;
          }
          current = parseHeader(block);
          assertEntryFits(current);
        }
        const padded = current.size + ((512 - (current.size % 512)) % 512);
        if (available < padded) break;
        const body = Buffer.from(take(padded).subarray(0, current.size));
        const name = current.name;
        current = undefined;
        yield { name, body };
      }
    }
  } catch (error) {
    if (error instanceof InvalidBackupError) throw error;
    throw new InvalidBackupError(`o arquivo não é um .tar.gz legível (${(error as Error).message})`);
  }
  if (!ended || current) throw new InvalidBackupError("o arquivo termina no meio (cópia incompleta?)");
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

function parseHeader(block: Buffer): { name: string; size: number } {
  const text = (start: number, length: number) =>
    block
      .subarray(start, start + length)
      .toString("utf8")
      .replace(/\0.*$/s, "");
  let sum = 0;
  for (let i = 0; i < 512; i++) sum += i >= 148 && i < 156 ? 32 : (block[i] ?? 0);
  if (Number.parseInt(text(148, 8).trim(), 8) !== sum)
    throw new InvalidBackupError("cabeçalho tar corrompido");
  const type = text(156, 1);
  if (type !== "0" && type !== "")
    throw new InvalidBackupError(`entrada inesperada no arquivo (tipo ${type})`);
  const prefix = text(345, 155);
  const name = prefix ? `${prefix}/${text(0, 100)}` : text(0, 100);
  const size = Number.parseInt(text(124, 12).trim() || "0", 8);
  if (!Number.isSafeInteger(size) || size < 0)
    throw new InvalidBackupError("tamanho ilegível no cabeçalho tar");
  return { name, size };
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
