// HTTP/1.1 keep-alive connections for the load generator, on plain sockets: each request written as prepared
// bytes, each response's head read and its body counted, never kept. node:http's client spent most of core 1
// on its own parsing and streams: against node:http answering a 54 KB page on core 0 it reached 6,000–7,500
// requests a second where autocannon (what the site is measured with from outside) reached 16,600–17,200, so
// every ceiling and every cached page the bench measured was the generator's limit, not the server's (ADR 072).
import net from "node:net";

export type Reply = { status: number; bytes: number; location?: string };

type Pending = {
  resolve: (reply: Reply) => void;
  timer: NodeJS.Timeout;
};

const HEAD_END = Buffer.from("\r\n\r\n");

/** One socket to `host:port`, one request at a time; reconnects when the server closed it. */
export class HttpConnection {
  #socket: net.Socket | null = null;
  #pending: Pending | null = null;
  // Reading state of the current response.
  #headBytes: Buffer[] = [];
  #reply: Reply = { status: 0, bytes: 0 };
  #body: "head" | "none" | "length" | "chunk-size" | "chunk-data" | "chunk-end" | "trailers" | "until-close" =
    "head";
  #remaining = 0;
  #line = "";
  #closeAfter = false;
  #closed = false;

  readonly #host: string;
  readonly #port: number;

  constructor(host: string, port: number) {
    this.#host = host;
    this.#port = port;
  }

  /** Sends `request` (a whole HTTP/1.1 request) and resolves with its answer; status 0 on any failure. */
  send(request: Buffer, { timeoutMs = 30_000 } = {}): Promise<Reply> {
    if (this.#pending) throw new Error("uma conexão atende um pedido por vez");
    if (this.#closed) return Promise.resolve({ status: 0, bytes: 0 });
    return new Promise((resolve) => {
      const timer = setTimeout(() => this.#fail(), timeoutMs);
      this.#pending = { resolve, timer };
      this.#headBytes = [];
      this.#reply = { status: 0, bytes: 0 };
      this.#body = "head";
      this.#closeAfter = false;
      this.#connected().write(request);
    });
  }

  /** For good: a request under way fails now, and any later one fails at once without connecting. */
  close() {
    this.#closed = true;
    this.#fail();
    this.#drop();
  }

  /** Leaves the socket (the server said close, or sent what was not asked for); the next request opens another. */
  #drop() {
    this.#socket?.destroy();
    this.#socket = null;
  }

  #connected(): net.Socket {
    if (this.#socket && !this.#socket.destroyed) return this.#socket;
    const socket = net.connect({ host: this.#host, port: this.#port, noDelay: true });
    // A socket this connection already left (the server said close) no longer speaks for it.
    socket.on("data", (chunk: Buffer) => {
      if (this.#socket === socket) this.#read(chunk);
    });
    socket.on("error", () => {});
    socket.on("close", (hadError: boolean) => {
      if (this.#socket !== socket) return;
      this.#socket = null;
      if (!this.#pending) return;
      // A body sent until the connection closes ends here, unless it was reset; anything else was cut short.
      if (this.#body === "until-close" && !hadError) this.#finish();
      else this.#fail();
    });
    this.#socket = socket;
    return socket;
  }

  #fail() {
    const pending = this.#pending;
    if (!pending) return;
    this.#pending = null;
    clearTimeout(pending.timer);
    this.#drop();
    pending.resolve({ status: 0, bytes: this.#reply.bytes });
  }

  /** `leftover`: bytes came after the reply's end, which no request asked for: the socket is left. */
  #finish(leftover = false) {
    const pending = this.#pending;
    if (!pending) return;
    this.#pending = null;
    clearTimeout(pending.timer);
    if (this.#closeAfter || leftover) this.#drop();
    pending.resolve(this.#reply);
  }

  #read(chunk: Buffer) {
    // Bytes with no request waiting would be read as the next request's reply.
    if (!this.#pending) return this.#drop();
    let at = 0;
    if (this.#body === "head") {
      this.#headBytes.push(chunk);
      let all = this.#headBytes.length === 1 ? chunk : Buffer.concat(this.#headBytes);
      for (;;) {
        const end = all.indexOf(HEAD_END);
        if (end < 0) {
          this.#headBytes = [all];
          return;
        }
        const head = this.#readHead(all.toString("latin1", 0, end));
        const rest = end + HEAD_END.length;
        if (head === "unreadable") return this.#fail();
        // An interim reply (100 Continue) is followed by the real one.
        if (head === "interim") {
          all = all.subarray(rest);
          continue;
        }
        this.#headBytes = [];
        if (head === "no-body") return this.#finish(rest < all.length);
        chunk = all;
        at = rest;
        break;
      }
    }
    this.#readBody(chunk, at);
  }

  /** The status line and the headers that say where the body ends. */
  #readHead(head: string): "unreadable" | "interim" | "no-body" | "body" {
    const lines = head.split("\r\n");
    const statusLine = /^HTTP\/1\.[01] (\d{3})(?: |$)/.exec(lines[0] ?? "");
    if (!statusLine) return "unreadable";
    this.#reply.status = Number(statusLine[1]);
    if (this.#reply.status >= 100 && this.#reply.status < 200 && this.#reply.status !== 101) {
      return "interim";
    }
    let length: number | null = null;
    let chunked = false;
    for (let i = 1; i < lines.length; i++) {
      const line = lines[i]!;
      const colon = line.indexOf(":");
      const name = line.slice(0, colon).trim().toLowerCase();
      const value = line.slice(colon + 1).trim();
      if (name === "content-length") {
        // A length that is not one plain number would make every later reply on this socket misread.
        if (!/^\d+$/.test(value)) return "unreadable";
        length = Number(value);
      } else if (name === "transfer-encoding") chunked = /chunked/i.test(value);
      else if (name === "location") this.#reply.location = value;
      else if (name === "connection") this.#closeAfter = /close/i.test(value);
    }
    const status = this.#reply.status;
    // The load sends GET and POST only: a body is absent by status alone, never because the request was HEAD.
    const noBody = status === 204 || status === 304 || status === 101;
    if (noBody) this.#body = "none";
    else if (chunked) this.#body = "chunk-size";
    else if (length !== null) {
      this.#remaining = length;
      this.#body = length > 0 ? "length" : "none";
    } else this.#body = "until-close";
    this.#line = "";
    return this.#body === "none" ? "no-body" : "body";
  }

  #readBody(chunk: Buffer, at: number) {
    while (at < chunk.length && this.#pending) {
      switch (this.#body) {
        case "length":
        case "chunk-data": {
          const take = Math.min(this.#remaining, chunk.length - at);
          this.#reply.bytes += take;
          this.#remaining -= take;
          at += take;
          if (this.#remaining > 0) return;
          if (this.#body === "length") return this.#finish(at < chunk.length);
          this.#body = "chunk-end";
          this.#line = "";
          break;
        }
        case "until-close":
          this.#reply.bytes += chunk.length - at;
          return;
        case "chunk-size":
        case "chunk-end":
        case "trailers": {
          const newline = chunk.indexOf(10, at);
          const end = newline < 0 ? chunk.length : newline;
          this.#line += chunk.toString("latin1", at, end);
          at = end + 1;
          if (newline < 0) return;
          const line = this.#line.replace(/\r$/, "");
          this.#line = "";
          if (this.#body === "chunk-end") {
            this.#body = "chunk-size";
          } else if (this.#body === "chunk-size") {
            const size = parseInt(line.split(";")[0]!, 16);
            if (Number.isNaN(size)) return this.#fail();
            if (size === 0) this.#body = "trailers";
            else {
              this.#remaining = size;
              this.#body = "chunk-data";
            }
          } else if (line === "") {
            return this.#finish(at < chunk.length);
          }
          break;
        }
        default:
          return;
      }
    }
  }
}

/**
 * A request as bytes: the request line, Host (`host[:port]`, as a URL's `host`), the caller's headers, and the
 * body's length when there is one.
 */
export function requestBytes(
  host: string,
  method: string,
  path: string,
  headers: Record<string, string>,
  body: string,
): Buffer {
  let text = `${method} ${path} HTTP/1.1\r\nHost: ${host}\r\n`;
  for (const [name, value] of Object.entries(headers)) text += `${name}: ${value}\r\n`;
  if (body) text += `Content-Length: ${Buffer.byteLength(body)}\r\n`;
  return Buffer.from(`${text}\r\n${body}`);
}
