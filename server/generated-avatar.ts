// GET /avatar/<handle>.svg: a member's generated avatar (app/lib/generated-avatar.ts). Computed from the handle
// alone (no database), answered before the app and its caches, and immutable per handle: a year in caches.
// Served as the uploads are: an image that may not run or load anything, nor be sniffed as something else.
import type { RequestHandler } from "express";
import { generatedAvatarSvg } from "#app/lib/generated-avatar.server.ts";

const YEAR_SECONDS = 31_536_000;

export function generatedAvatar(): RequestHandler {
  return (req, res) => {
    const file = String(req.params.file ?? "");
    const svg = file.endsWith(".svg") ? generatedAvatarSvg(file.slice(0, -4)) : null;
    if (!svg) {
      res.status(404).type("text/plain; charset=utf-8").send("Avatar não encontrado.");
      return;
    }
    res
      .set({
        "Content-Type": "image/svg+xml; charset=utf-8",
        "Cache-Control": `public, max-age=${YEAR_SECONDS}, immutable`,
        "Content-Security-Policy": "default-src 'none'; style-src 'unsafe-inline'",
        "X-Content-Type-Options": "nosniff",
      })
      .send(svg);
  };
}
