// The embedded database's control socket (ADR 039). PGlite's data folder belongs to one process at a time: that
// process listens on a Unix socket beside the folder (`DATA_DIR/pgdata.sock`, mode 0600, so only the user the
// site runs as, and root, can connect) for as long as it holds the database. The socket is at once
//
// - the lock: a second process opening the same folder finds a live socket and stops with a clear message
//   instead of running a second PostgreSQL on the same files; a socket left by a process that died refuses
//   connections, and the next holder replaces it;
// - the way to ask the holder: `npm run db:backup` asks it for a consistent copy of the database while the site
//   runs, and `npm run db:restore` refuses while anyone answers.
//
// Requests are one JSON line; answers one JSON line, then for a backup its bytes.
import { isMainThread } from "node:worker_threads";
import { chmod, rm } from "node:fs/promises";
import net from "node:net";
import path from "node:path";

export type HolderInfo = { pid: number; since: string; role: string };

export type ControlHandlers = {
  /** A consistent copy of the data folder, as PGlite's `dumpDataDir` tarball. */
  backup: () => Promise<ArrayBuffer>;
  /** Who holds the folder (the server, a command), shown to whoever is refused. */
  role: string;
};

export class DataDirInUseError extends Error {
  readonly dataDir: string;
  readonly holder: HolderInfo | null;
  constructor(dataDir: string, holder: HolderInfo | null) {
    super(
      holder
        ? `O banco embutido em ${dataDir} está em uso pelo processo ${holder.pid} (${holder.role}, desde ${holder.since}). ` +
            "Pare-o antes, ou use o comando enquanto ele roda se ele permitir (npm run db:backup)."
        : `O banco embutido em ${dataDir} está em uso por outro processo (o socket de controle não pôde ser aberto).`,
    );
    this.name = "DataDirInUseError";
    this.dataDir = dataDir;
    this.holder = holder;
  }
}

/** The longest Unix socket path every platform accepts (Linux 108 bytes with the NUL, macOS 104). */
const MAX_SOCKET_PATH = 100;

/**
 * The control socket of a PGlite data folder: beside it, named after it (`…/pgdata` → `…/pgdata.sock`). A path
 * too long for a Unix socket is tried relative to the working directory; null when even that is too long.
 */
function controlSocketPath(dataDir: string): string | null {
  const absolute = `${path.resolve(dataDir)}.sock`;
  if (Buffer.byteLength(absolute) <= MAX_SOCKET_PATH) return absolute;
  const relative = path.relative(process.cwd(), absolute);
  return Buffer.byteLength(relative) <= MAX_SOCKET_PATH ? `./${relative}` : null;
}

/** Unix sockets in a folder: not on Windows (named pipes live elsewhere). */
const controlSocketsSupported = process.platform !== "win32";

type Probe =
  { state: "none" } | { state: "live"; info: HolderInfo | null } | { state: "unknown"; error: Error };

/**
 * Whether a process holds the folder: `none` (no socket, or one nobody listens on), `live` (it answered), or
 * `unknown` (the socket is there but could not be tried: another user's, for one).
 */
export async function probeHolder(dataDir: string, timeoutMs = 3_000): Promise<Probe> {
  const socketPath = controlSocketPath(dataDir);
  if (!socketPath || !controlSocketsSupported) return { state: "none" };
  try {
    const { header } = await request(socketPath, { op: "hello" }, timeoutMs);
    return { state: "live", info: header.ok ? (header.info as HolderInfo) : null };
  } catch (error) {
    const code = (error as NodeJS.ErrnoException).code;
    if (code === "ENOENT" || code === "ECONNREFUSED") return { state: "none" };
    // It accepted the connection but did not answer in time: alive, busy.
    if (code === "ETIMEDOUT_ANSWER") return { state: "live", info: null };
    return { state: "unknown", error: error as Error };
  }
}

/** Asks the process holding the folder for a consistent copy of the database. */
export async function backupFromHolder(dataDir: string, timeoutMs = 10 * 60_000): Promise<Buffer> {
  const socketPath = controlSocketPath(dataDir);
  if (!socketPath) throw new Error(`caminho longo demais para o socket de controle de ${dataDir}`);
  const { header, body } = await request(socketPath, { op: "backup" }, timeoutMs);
  if (!header.ok) throw new Error(String(header.error ?? "o servidor recusou a cópia"));
  if (body.length !== header.bytes) {
    throw new Error(`cópia incompleta: ${body.length} de ${String(header.bytes)} bytes`);
  }
  return body;
}

type Header = { ok: boolean; error?: string; bytes?: number; info?: HolderInfo };

function request(
  socketPath: string,
  message: { op: "hello" | "backup" },
  timeoutMs: number,
): Promise<{ header: Header; body: Buffer }> {
  return new Promise((resolve, reject) => {
    const socket = net.connect(socketPath);
    const chunks: Buffer[] = [];
    let connected = false;
    const timer = setTimeout(() => {
      const error = Object.assign(new Error("o processo não respondeu a tempo"), {
        code: connected ? "ETIMEDOUT_ANSWER" : "ETIMEDOUT",
      });
      socket.destroy(error);
    }, timeoutMs);
    socket.on("connect", () => {
      connected = true;
      socket.write(`${JSON.stringify(message)}\n`);
    });
    socket.on("data", (chunk: Buffer) => chunks.push(chunk));
    socket.on("error", (error) => {
      clearTimeout(timer);
      reject(error);
    });
    socket.on("end", () => {
      clearTimeout(timer);
      const all = Buffer.concat(chunks);
      const newline = all.indexOf(0x0a);
      if (newline === -1) return reject(new Error("resposta ilegível do processo que tem o banco"));
      try {
        const header = JSON.parse(all.subarray(0, newline).toString("utf8")) as Header;
        resolve({ header, body: all.subarray(newline + 1) });
      } catch {
        reject(new Error("resposta ilegível do processo que tem o banco"));
      }
    });
  });
}

export type DataDirHold = { socketPath: string | null; release: () => Promise<void> };

/**
 * Takes the folder for this process: listens on its control socket, answering `hello` and `backup`. Throws
 * DataDirInUseError when another live process holds it. Where sockets cannot be used (Windows, a path too
 * long) nothing is held, and `onUnsupported` says why.
 */
export async function holdDataDir(
  dataDir: string,
  handlers: ControlHandlers,
  onUnsupported: (reason: string) => void = () => {},
): Promise<DataDirHold> {
  const socketPath = controlSocketPath(dataDir);
  if (!controlSocketsSupported || !socketPath) {
    onUnsupported(
      controlSocketsSupported
        ? `caminho longo demais para um socket Unix: ${dataDir}.sock`
        : "sockets Unix indisponíveis nesta plataforma",
    );
    return { socketPath: null, release: async () => {} };
  }
  const since = new Date().toISOString();
  const open = new Set<net.Socket>();
  const server = net.createServer((socket) => {
    open.add(socket);
    socket.on("close", () => open.delete(socket));
    socket.on("error", () => socket.destroy());
    let buffered = "";
    const onData = (chunk: Buffer) => {
      buffered += chunk.toString("utf8");
      if (buffered.length > 1024) return socket.destroy();
      const newline = buffered.indexOf("\n");
      if (newline === -1) return;
      socket.off("data", onData);
      void answer(socket, buffered.slice(0, newline));
    };
    socket.on("data", onData);
  });

  async function answer(socket: net.Socket, line: string) {
    const reply = (header: Header, body?: Uint8Array) => {
      socket.write(`${JSON.stringify(header)}\n`);
      if (body) socket.write(body);
      socket.end();
    };
    let op: unknown;
    try {
      op = (JSON.parse(line) as { op?: unknown }).op;
    } catch {
      return reply({ ok: false, error: "pedido ilegível" });
    }
    if (op === "hello") return reply({ ok: true, info: { pid: process.pid, since, role: handlers.role } });
    if (op !== "backup") return reply({ ok: false, error: "pedido desconhecido" });
    try {
      const tarball = new Uint8Array(await handlers.backup());
      reply({ ok: true, bytes: tarball.byteLength }, tarball);
    } catch (error) {
      reply({ ok: false, error: error instanceof Error ? error.message : String(error) });
    }
  }

  await listenExclusively(server, socketPath, dataDir);
  // Only the site's own user (and root) may connect: a backup is the whole database.
  await chmod(socketPath, 0o600);
  // The socket never keeps a process alive (a script's last `close()` ends it).
  server.unref();

  let released = false;
  return {
    socketPath,
    async release() {
      if (released) return;
      released = true;
      for (const socket of open) socket.destroy();
      // Closing the server removes its socket file.
      await new Promise<void>((resolve) => server.close(() => resolve()));
      await rm(socketPath, { force: true });
    },
  };
}

async function listenExclusively(server: net.Server, socketPath: string, dataDir: string) {
  const listen = () =>
    new Promise<void>((resolve, reject) => {
      const onError = (error: Error) => {
        server.off("listening", onListening);
        reject(error);
      };
      const onListening = () => {
        server.off("error", onError);
        resolve();
      };
      server.once("error", onError);
      server.once("listening", onListening);
      // Created as 0600 from the start (the chmod after `listen` would leave a moment where another local user
      // with a lax umask could connect and ask for the database). A path binds synchronously inside `listen`,
      // so the narrower umask is back to what it was before anything else runs.
      const previous = isMainThread ? process.umask(0o177) : null;
      try {
        server.listen(socketPath);
      } finally {
        if (previous !== null) process.umask(previous);
      }
    });
  try {
    await listen();
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== "EADDRINUSE") throw error;
    const probe = await probeHolder(dataDir);
    if (probe.state === "live") throw new DataDirInUseError(dataDir, probe.info);
    if (probe.state === "unknown") throw new DataDirInUseError(dataDir, null);
    // Left by a process that died (nobody listens): this one takes over.
    await rm(socketPath, { force: true });
    await listen();
  }
}
