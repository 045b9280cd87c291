// POST /api/drafts — where the editors keep a member's draft while they type (ADR 062), as a form post from this
// site (the root middleware refuses other origins):
// - intent=save, key, id, fields (JSON of the form's fields) → { ok, savedAt }; 409 when that draft was published
//   or discarded meanwhile (the editor stops sending), 413 too large, 429 with Retry-After;
// - intent=discard, key, id → { ok }.
// Visitors get 401: their drafts stay in their browser. Nothing here changes what visitors see.
import { redirect, href } from "react-router";
import { discardFromEditor, saveMemberDraft } from "#app/features/drafts/drafts.server.ts";
import { viewerContext } from "#app/lib/context.ts";
import { jsonReply, refusalOf } from "#app/lib/json-replies.server.ts";
import { writeChangesNothingVisitorsSee } from "#app/lib/visitor-page-topics.server.ts";
import type { Route } from "./+types/drafts";

export function loader() {
  return redirect(href("/rascunhos"));
}

function parsedFields(value: FormDataEntryValue | null): unknown {
  if (typeof value !== "string") return null;
  try {
    return JSON.parse(value) as unknown;
  } catch {
    return null;
  }
}

export async function action({ request, context }: Route.ActionArgs) {
  writeChangesNothingVisitorsSee(context);
  const viewer = context.get(viewerContext);
  if (!viewer) return jsonReply({ ok: false, message: "Entre na sua conta para guardar rascunhos." }, 401);
  const form = await request.formData();
  const key = String(form.get("key") ?? "");
  const id = form.get("id");
  try {
    switch (form.get("intent")) {
      case "save": {
        const { savedAt } = await saveMemberDraft(viewer, {
          key,
          id,
          fields: parsedFields(form.get("fields")),
        });
        return jsonReply({ ok: true, savedAt: savedAt?.toISOString() ?? null });
      }
      case "discard":
        await discardFromEditor(viewer, key, typeof id === "string" ? id : null);
        return jsonReply({ ok: true });
      default:
        return jsonReply({ ok: false, message: "Pedido inválido." }, 400);
    }
  } catch (error) {
    const refusal = refusalOf(error);
    if (refusal) return jsonReply({ ok: false, message: refusal.message }, refusal.status, refusal.headers);
    throw error;
  }
}
