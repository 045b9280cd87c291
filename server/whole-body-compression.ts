// The app's pages and data, compressed in one synchronous call once whole instead of through a compression
// stream. A stream hands each write to libuv's threads and waits for them; with the server on one core, those
// threads take turns with the render and the database thread, and a member's question page (52 KB) served
// to 16 connections fell from ~180 to ~60 pages a second with Brotli (docs/performance.md, ADR 053). One
// `brotliCompressSync` of the same page costs ~0.9 ms on the thread that rendered it. Bodies past
// WHOLE_BODY_LIMIT (exports, large feeds) and streams that stay open (server-sent events) still stream
// through the `compression` middleware, which leaves alone what arrives already encoded.
import compression from "compression";
import type { Request, Response } from "express";
import { brotliCompressSync, constants, gzipSync } from "node:zlib";

/**
 * Past this, a body is streamed (and compressed as it goes) rather than held whole: compressing 1 MB at once
 * holds the event loop ~20 ms, 256 KB ~5 ms (a member's question page is 52 KB, ~1 ms).
 */
export const WHOLE_BODY_LIMIT = 256 * 1024;
/** Below this, compressing saves less than it costs (the `compression` middleware's own threshold). */
const THRESHOLD = 1024;

type Encoding = "br" | "gzip";

/** What the browser takes, Brotli first as the `compression` middleware prefers, or nothing to compress. */
export function wholeBodyEncoding(req: Request, res: Response): Encoding | undefined {
  if (req.method === "HEAD" || !compression.filter(req, res)) return undefined;
  // Already encoded, or asked to be left as it is: the middleware's own rules.
  if (res.getHeader("Content-Encoding") !== undefined) return undefined;
  if (/(?:^|,)\s*no-transform\s*(?:,|$)/i.test(String(res.getHeader("Cache-Control") ?? "")))
    return undefined;
  if (req.acceptsEncodings("br") === "br") return "br";
  if (req.acceptsEncodings("gzip") === "gzip") return "gzip";
  return undefined;
}

function compress(body: Buffer, encoding: Encoding): Buffer {
  return encoding === "br"
    ? brotliCompressSync(body, {
        params: {
          // The middleware's own quality for streams: its best ratio for the time at page sizes.
          [constants.BROTLI_PARAM_QUALITY]: 4,
          [constants.BROTLI_PARAM_SIZE_HINT]: body.length,
        },
      })
    : gzipSync(body);
}

/**
 * Reads `body` to its end and answers with it compressed, or, once it passes WHOLE_BODY_LIMIT, writes what was
 * read and streams the rest as it comes. The caller has set the status and headers; `res` is ended either way.
 */
export async function writeWholeBodyCompressed(
  body: ReadableStream<Uint8Array>,
  res: Response,
  encoding: Encoding,
  streamRest: (rest: ReadableStream<Uint8Array>) => Promise<void>,
): Promise<void> {
  const reader = body.getReader();
  // A reader who leaves stops the render, as the streaming path does.
  const leave = () => void reader.cancel().catch(() => {});
  res.once("close", leave);
  const chunks: Buffer[] = [];
  let size = 0;
  for (;;) {
    const { done, value } = await reader.read();
    if (done) break;
    chunks.push(Buffer.from(value.buffer, value.byteOffset, value.byteLength));
    size += value.byteLength;
    if (size > WHOLE_BODY_LIMIT) {
      res.off("close", leave);
      for (const chunk of chunks) res.write(chunk);
      reader.releaseLock();
      await streamRest(body);
      return;
    }
  }
  res.off("close", leave);
  if (res.destroyed) return;
  const whole = Buffer.concat(chunks, size);
  res.vary("Accept-Encoding");
  if (size < THRESHOLD) {
    res.end(whole);
    return;
  }
  const compressed = compress(whole, encoding);
  res.setHeader("Content-Encoding", encoding);
  res.setHeader("Content-Length", compressed.length);
  res.end(compressed);
}
