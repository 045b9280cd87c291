import { request as httpRequest } from "node:http";
import type { AddressInfo } from "node:net";
import express from "express";
import { afterEach, describe, expect, it } from "vitest";
import { bodyLimit, declaredBodyLimit, type BodyReadingOptions } from "./body-limit.ts";
import { concurrencyLimit } from "./concurrency-limit.ts";

let closeServer: (() => Promise<void>) | undefined;
afterEach(async () => {
  await closeServer?.();
  closeServer = undefined;
});

/** The server's order: declared limit, body read, one place in line, then an app that echoes the body size. */
async function serve(options: BodyReadingOptions = {}) {
  const app = express();
  const limitFor = () => 100;
  app.use(declaredBodyLimit(limitFor));
  app.use(bodyLimit({ limitFor, ...options }));
  app.use(concurrencyLimit(1, { bypass: () => false }).middleware);
  app.all("/{*splat}", (_req, res) => {
    const body = res.locals.requestBody as Uint8Array | undefined;
    res.send(`ok ${body?.length ?? "-"}`);
  });
  const server = app.listen(0, "127.0.0.1");
  await new Promise((resolve) => server.once("listening", resolve));
  closeServer = () =>
    new Promise((resolve) => {
      server.closeAllConnections();
      server.close(() => resolve());
    });
  return (server.address() as AddressInfo).port;
}

/** Sends `chunks` one every `everyMs` (chunked unless a length is declared) and resolves with the status. */
function send(
  port: number,
  chunks: string[],
  { everyMs = 0, length }: { everyMs?: number; length?: number } = {},
) {
  return new Promise<number>((resolve) => {
    const headers: Record<string, string> = length === undefined ? {} : { "Content-Length": String(length) };
    const req = httpRequest({ host: "127.0.0.1", port, method: "POST", path: "/form", headers }, (res) => {
      res.resume();
      resolve(res.statusCode ?? 0);
    });
    req.on("error", () => resolve(-1));
    req.on("close", () => resolve(-1));
    let index = 0;
    const next = () => {
      if (req.destroyed) return;
      if (index >= chunks.length) {
        // A body shorter than its declared length stays open (ending it is a client error in Node): the
        // answer comes before the rest would.
        const sent = chunks.join("").length;
        if (length === undefined || sent >= length) req.end();
        return;
      }
      req.write(chunks[index++]);
      setTimeout(next, everyMs);
    };
    next();
  });
}

describe("bodyLimit", () => {
  it("hands the app the whole body under the ceiling", async () => {
    const port = await serve();
    expect(await send(port, ["a=1&", "b=2"])).toBe(200);
  });

  it("refuses a declared length past the ceiling at once, and a chunked body the moment it passes it", async () => {
    const port = await serve();
    expect(await send(port, ["x"], { length: 10_000 })).toBe(413);
    expect(
      await send(
        port,
        Array.from({ length: 20 }, () => "0123456789"),
      ),
    ).toBe(413);
  });

  it("answers 408 to a body that trickles in, without holding the app's one place in line", async () => {
    const port = await serve({ graceMs: 300, minBytesPerSecond: 50 });
    const slow = send(
      port,
      Array.from({ length: 40 }, () => "x"),
      { everyMs: 200, length: 40 },
    );
    await new Promise((r) => setTimeout(r, 100));
    const started = Date.now();
    expect(await send(port, ["a=1"])).toBe(200);
    expect(Date.now() - started).toBeLessThan(500);
    expect(await slow).toBe(408);
  });

  it("answers 503 when the bodies being read at once pass the budget", async () => {
    const port = await serve({ budgetBytes: 150 });
    const first = send(port, ["x"], { everyMs: 400, length: 100 });
    await new Promise((r) => setTimeout(r, 100));
    expect(await send(port, ["y".repeat(60)], { length: 60 })).toBe(503);
    void first;
  });
});
