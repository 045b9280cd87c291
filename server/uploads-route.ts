// GET /uploads/<file>: members' images, from the configured storage (the local disk, or the S3-compatible
// bucket every app server shares, ADR 038), before the app and its caches. The answer (type from the name,
// immutable caching, the hash as ETag, nosniff) is decided in the app (features/uploads/storage.server.ts);
// here it is streamed out, never held whole in memory.
import { pipeline } from "node:stream/promises";
import type { RequestHandler } from "express";
import { uploadReply, type UploadReply } from "#app/features/uploads/storage.server.ts";
import { logger } from "#app/lib/logger.server.ts";

export function uploadsRoute(openUpload = uploadReply): RequestHandler {
  return async (req, res) => {
    let reply: UploadReply;
    try {
      reply = await openUpload(String(req.params.file ?? ""), req.get("if-none-match"));
    } catch (error) {
      // The storage did not answer (a bucket down, a disk error): say so briefly, cache nothing.
      logger.error({ err: error, path: req.path }, "could not read an upload from its storage");
      res.status(503).set({ "Cache-Control": "no-store", "Retry-After": "5" });
      res.type("text/plain; charset=utf-8").send("Não foi possível carregar a imagem agora.");
      return;
    }
    if (reply.status === 404) {
      res.status(404).set("Cache-Control", "no-store").type("text/plain; charset=utf-8");
      res.send("Imagem não encontrada.");
      return;
    }
    res.status(reply.status).set(reply.headers);
    if (reply.status === 304 || req.method === "HEAD") {
      if (reply.status === 200) reply.body.destroy();
      res.end();
      return;
    }
    try {
      // A client that goes away destroys the source too (and frees the bucket's connection).
      await pipeline(reply.body, res);
    } catch (error) {
      if (!res.writableFinished && (error as NodeJS.ErrnoException).code !== "ERR_STREAM_PREMATURE_CLOSE") {
        logger.warn({ err: error, path: req.path }, "an upload stopped while it was being sent");
      }
      res.destroy();
    }
  };
}
