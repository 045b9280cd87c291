// POST /api/questions/same-error (form: text, exclude?) — the live questions that carry the same error as the text
// being written (the ask and edit forms' "Já perguntaram sobre este erro"), best match first. Members only,
// with a bounded text and a rate limit per member: each request reads the index of errors.
import { hitRateLimit } from "#app/lib/rate-limits.server.ts";
import { findSameError } from "#app/features/errors/error-index.server.ts";
import { MAX_ERROR_TEXT } from "#app/features/errors/error-signatures.ts";
import { optionalViewer } from "#app/lib/auth-guard.server.ts";
import { formRowId } from "#app/lib/ids.ts";
import type { Route } from "./+types/questions-same-error";

const SAME_ERROR_PER_MEMBER = { name: "same-error:member", limit: 60, windowSeconds: 60 };
const NO_STORE = { "Cache-Control": "no-store" };

export async function action({ request, context }: Route.ActionArgs) {
  if (request.method !== "POST")
    return Response.json({ error: "method" }, { status: 405, headers: NO_STORE });
  const viewer = optionalViewer(context);
  if (!viewer) return Response.json({ error: "Entre para continuar." }, { status: 401, headers: NO_STORE });
  // A form post, as every write to the site is (the server refuses other bodies outside /api/v1).
  const form = await request.formData();
  const given = form.get("text");
  if (typeof given !== "string" || given.length > MAX_ERROR_TEXT * 2) {
    return Response.json({ error: "Texto ausente ou longo demais." }, { status: 413, headers: NO_STORE });
  }
  const text = given.slice(0, MAX_ERROR_TEXT);
  const limit = await hitRateLimit(SAME_ERROR_PER_MEMBER, String(viewer.id));
  if (!limit.allowed) {
    return Response.json(
      { questions: [] },
      { status: 429, headers: { ...NO_STORE, "Retry-After": String(limit.retryAfterSeconds) } },
    );
  }
  const { matches } = await findSameError(text, {
    limit: 5,
    excludeId: formRowId(form.get("exclude")) || null,
  });
  return Response.json({ questions: matches }, { headers: NO_STORE });
}
