// Hands a request to React Router and writes its answer back, like @react-router/express, with two
// differences: the body is the buffer `bodyLimit` read (never the raw stream), and an address that is not a
// valid URL is answered 400 instead of reaching Express' error handler as a 500.
import { writeReadableStreamToWritable } from "@react-router/node";
import type { Request as ExpressRequest, Response as ExpressResponse } from "express";
import { createRequestHandler, type ServerBuild } from "react-router";
import { metrics } from "#app/lib/metrics.server.ts";
import { bufferedBody } from "./body-limit.ts";
import type { VisitorPageNote } from "#app/lib/context.ts";
import type { MemberPageMiss } from "./member-page-templates.ts";
import { requestUrlOf } from "./visitor-page-cache.ts";
import { wholeBodyEncoding, writeWholeBodyCompressed } from "./whole-body-compression.ts";

const BAD_REQUEST_MESSAGE = "Pedido inválido: o endereço não pôde ser lido.";

function headersOf(req: ExpressRequest): Headers {
  const headers = new Headers();
  for (const [name, value] of Object.entries(req.headers)) {
    if (value === undefined) continue;
    for (const one of Array.isArray(value) ? value : [value]) headers.append(name, one);
  }
  return headers;
}

function isClosed(res: ExpressResponse) {
  return res.destroyed || res.writableEnded;
}

export function appHandler<Context>({
  build,
  mode,
  getLoadContext,
}: {
  build: ServerBuild | (() => Promise<ServerBuild>);
  mode: string;
  getLoadContext: (req: ExpressRequest, res: ExpressResponse) => Promise<Context>;
}) {
  const handle = createRequestHandler(build, mode);
  return async (req: ExpressRequest, res: ExpressResponse, next: (error?: unknown) => void) => {
    try {
      const url = requestUrlOf(req);
      if (!url) {
        res.status(400).type("text/plain; charset=utf-8").send(BAD_REQUEST_MESSAGE);
        return;
      }
      let controller: AbortController | null = new AbortController();
      res.on("finish", () => (controller = null));
      res.on("close", () => controller?.abort());
      const init: RequestInit = { method: req.method, headers: headersOf(req), signal: controller.signal };
      if (req.method !== "GET" && req.method !== "HEAD") init.body = bufferedBody(res) ?? null;
      const render = async () =>
        handle(new Request(url, init), (await getLoadContext(req, res)) as Parameters<typeof handle>[1]);
      let response = await render();
      // A member's page rendered to be kept for every member of the same standing (ADR 074): answered from the
      // kept copy, or, when it could not be kept, rendered again for this member alone.
      const memberPage = res.locals.memberPage as MemberPageMiss | undefined;
      if (memberPage && !isClosed(res)) {
        if (await memberPage.answer(response)) return;
        res.locals.memberPage = undefined;
        response = await render();
      }
      if (isClosed(res)) {
        await response.body?.cancel();
        return;
      }
      res.statusMessage = response.statusText;
      res.status(response.status);
      for (const [name, value] of response.headers.entries()) res.append(name, value);
      const isEventStream = /text\/event-stream/i.test(response.headers.get("content-type") ?? "");
      if (isEventStream) {
        res.flushHeaders();
        // Open streams, for the metrics (ADR 040): until the response closes, however it ends.
        const { sseStreams } = metrics();
        sseStreams.inc();
        res.once("close", () => sseStreams.dec());
      }
      if (!response.body) {
        res.end();
        return;
      }
      const streamed = (body: ReadableStream<Uint8Array>) => writeReadableStreamToWritable(body, res);
      // A page the visitor cache keeps is kept as the app wrote it (it compresses its own copy once).
      const keptByVisitorCache = (res.locals.visitorPage as VisitorPageNote | undefined)?.cacheable === true;
      const encoding = isEventStream || keptByVisitorCache ? undefined : wholeBodyEncoding(req, res);
      try {
        if (encoding) await writeWholeBodyCompressed(response.body, res, encoding, streamed);
        else await streamed(response.body);
      } catch (error) {
        if (!isClosed(res)) throw error;
      }
    } catch (error) {
      next(error);
    }
  };
}
