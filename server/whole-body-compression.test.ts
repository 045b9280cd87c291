import compression from "compression";
import express from "express";
import http from "node:http";
import type { AddressInfo } from "node:net";
import { brotliDecompressSync, gunzipSync, gzipSync } from "node:zlib";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { WHOLE_BODY_LIMIT, wholeBodyEncoding, writeWholeBodyCompressed } from "./whole-body-compression.ts";

// A page written in pieces, as React Router's stream hands it over.
function streamOf(text: string | Buffer, pieces = 7): ReadableStream<Uint8Array> {
  const bytes = Buffer.from(text);
  const size = Math.ceil(bytes.length / pieces);
  let at = 0;
  return new ReadableStream({
    pull(controller) {
      if (at >= bytes.length) return controller.close();
      controller.enqueue(new Uint8Array(bytes.subarray(at, at + size)));
      at += size;
    },
  });
}

const page = `<!DOCTYPE html><html lang="pt-BR"><body>${"<p>Olá, ação e café ☕</p>".repeat(2000)}</body></html>`;
const bigPage = "<p>linha de uma exportação longa</p>\n".repeat(Math.ceil((WHOLE_BODY_LIMIT * 1.5) / 36));

let server: http.Server;
let endlessCancelled = false;
let origin = "";

beforeAll(async () => {
  const app = express();
  app.use(compression());
  app.get("/endless", async (req, res) => {
    res.type("text/html; charset=utf-8");
    const body = new ReadableStream<Uint8Array>({
      async pull(controller) {
        await new Promise((resolve) => setTimeout(resolve, 10));
        controller.enqueue(new Uint8Array(Buffer.from("<p>mais uma parte da página</p>")));
      },
      cancel() {
        endlessCancelled = true;
      },
    });
    await writeWholeBodyCompressed(body, res, wholeBodyEncoding(req, res) ?? "gzip", async () => {});
  });
  app.get("/:name", async (req, res) => {
    const text =
      req.params.name === "big"
        ? bigPage
        : req.params.name === "small"
          ? "<p>oi</p>"
          : req.params.name === "encoded"
            ? gzipSync(page)
            : page;
    res.type("text/html; charset=utf-8");
    if (req.params.name === "no-transform") res.set("Cache-Control", "private, no-transform");
    if (req.params.name === "encoded") res.set("Content-Encoding", "gzip");
    const encoding = wholeBodyEncoding(req, res);
    const streamed = async (body: ReadableStream<Uint8Array>) => {
      const reader = body.getReader();
      for (let part = await reader.read(); !part.done; part = await reader.read()) res.write(part.value);
      res.end();
    };
    if (encoding) await writeWholeBodyCompressed(streamOf(text), res, encoding, streamed);
    else await streamed(streamOf(text));
  });
  server = app.listen(0, "127.0.0.1");
  await new Promise((resolve) => server.once("listening", resolve));
  origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});

afterAll(() => new Promise((resolve) => server.close(resolve)));

/** The raw answer, undecoded (fetch would decode it). */
function get(path: string, acceptEncoding: string, method = "GET") {
  return new Promise<{ headers: http.IncomingHttpHeaders; body: Buffer }>((resolve, reject) => {
    http
      .request(`${origin}${path}`, { method, headers: { "accept-encoding": acceptEncoding } }, (res) => {
        const chunks: Buffer[] = [];
        res.on("data", (chunk: Buffer) => chunks.push(chunk));
        res.on("end", () => resolve({ headers: res.headers, body: Buffer.concat(chunks) }));
      })
      .on("error", reject)
      .end();
  });
}

describe("whole-body compression", () => {
  it("answers a browser with the whole page in Brotli, its length declared", async () => {
    const { headers, body } = await get("/page", "gzip, deflate, br, zstd");
    expect(headers["content-encoding"]).toBe("br");
    expect(headers.vary).toMatch(/accept-encoding/i);
    expect(Number(headers["content-length"])).toBe(body.length);
    expect(body.length).toBeLessThan(Buffer.byteLength(page) / 10);
    expect(brotliDecompressSync(body).toString()).toBe(page);
  });

  it("uses gzip when that is all the client takes, and nothing when it takes nothing", async () => {
    const gzip = await get("/page", "gzip");
    expect(gzip.headers["content-encoding"]).toBe("gzip");
    expect(gunzipSync(gzip.body).toString()).toBe(page);

    const plain = await get("/page", "identity");
    expect(plain.headers["content-encoding"]).toBeUndefined();
    expect(plain.body.toString()).toBe(page);
  });

  it("leaves a tiny body as it is", async () => {
    const { headers, body } = await get("/small", "gzip, br");
    expect(headers["content-encoding"]).toBeUndefined();
    expect(body.toString()).toBe("<p>oi</p>");
  });

  it("streams a body past the limit through the compression middleware, whole", async () => {
    const { headers, body } = await get("/big", "gzip, deflate, br");
    expect(headers["content-encoding"]).toBe("br");
    expect(headers["content-length"]).toBeUndefined();
    expect(brotliDecompressSync(body).toString()).toBe(bigPage);
  });

  it("does not compress an answer to HEAD", async () => {
    const { headers, body } = await get("/page", "br", "HEAD");
    expect(headers["content-encoding"]).toBeUndefined();
    expect(body.length).toBe(0);
  });

  it("leaves alone what is already encoded or asks not to be transformed", async () => {
    const kept = await get("/no-transform", "gzip, br");
    expect(kept.headers["content-encoding"]).toBeUndefined();
    expect(kept.body.toString()).toBe(page);
    const encoded = await get("/encoded", "gzip, br");
    expect(encoded.headers["content-encoding"]).toBe("gzip");
    expect(gunzipSync(encoded.body).toString()).toBe(page);
  });

  it("stops reading the body when the reader goes away", async () => {
    const request = http.get(`${origin}/endless`, { headers: { "accept-encoding": "br" } });
    request.on("error", () => {});
    await new Promise((resolve) => setTimeout(resolve, 100));
    request.destroy();
    await expect.poll(() => endlessCancelled, { timeout: 2_000 }).toBe(true);
  });
});
