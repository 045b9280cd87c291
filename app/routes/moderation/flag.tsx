// /sinalizar?tipo=question&id=12 — flagging an item. The page is the fallback without JavaScript (and a
// plain link for anyone who opens it in a new tab); the dialog on the read pages posts to this action
// too and shows its answer in place.
import { data, Form, Link, useActionData } from "react-router";
import { FlagFields, type FlagActionData } from "#app/features/moderation/components/flag-form.tsx";
import { FLAG_NOUNS } from "#app/features/moderation/components/flag-link.tsx";
import { flagContent, flagFormTarget } from "#app/features/moderation/flags.server.ts";
import { flagRefusal } from "#app/features/moderation/rules.ts";
import { requireViewer } from "#app/lib/auth-guard.server.ts";
import { isAppError } from "#app/lib/errors.ts";
import { formRowId } from "#app/lib/ids.ts";
import { pageMeta } from "#app/lib/meta.ts";
import { topic, writeChanges, writeChangesNothingVisitorsSee } from "#app/lib/visitor-page-topics.server.ts";
import type { Route } from "./+types/flag";

export const meta: Route.MetaFunction = () => pageMeta({ title: "Sinalizar", noindex: true });

export async function loader({ request, context }: Route.LoaderArgs) {
  const viewer = requireViewer(request, context);
  const url = new URL(request.url);
  const target = await flagFormTarget(
    url.searchParams.get("tipo") ?? "",
    formRowId(url.searchParams.get("id")),
  );
  // Not thrown: right after a flag that hid the item, this page still shows the action's answer.
  return data({ target, refusal: flagRefusal(viewer) }, { status: target ? 200 : 404 });
}

export async function action({ request, context }: Route.ActionArgs) {
  const viewer = requireViewer(request, context);
  const form = await request.formData();
  try {
    const result = await flagContent(viewer, {
      kind: String(form.get("kind") ?? ""),
      id: formRowId(form.get("id")),
      reason: String(form.get("reason") ?? ""),
      note: String(form.get("note") ?? ""),
      duplicateOf: String(form.get("duplicateOf") ?? ""),
    });
    // A hidden item leaves its page at once for visitors too; a flag alone changes nothing they see.
    if (result.hidden) {
      writeChanges(
        context,
        result.page.kind === "question" ? topic.question(result.page.id) : topic.post(result.page.id),
      );
    } else {
      writeChangesNothingVisitorsSee(context);
    }
    return data<FlagActionData>({ ok: true, message: result.message, hidden: result.hidden });
  } catch (error) {
    if (!isAppError(error)) throw error;
    writeChangesNothingVisitorsSee(context);
    return data<FlagActionData>(
      { ok: false, message: error.message, ...(error.field ? { field: error.field } : {}) },
      { status: error.status },
    );
  }
}

export default function FlagPage({ loaderData }: Route.ComponentProps) {
  const { target, refusal } = loaderData;
  const reply = useActionData<typeof action>() ?? null;
  const noun = target ? FLAG_NOUNS[target.kind] : "";
  if (reply?.ok || !target || refusal) {
    return (
      <div className="mx-auto flex max-w-xl flex-col items-start gap-4 px-4 py-10">
        <h1 className="text-primary text-2xl font-bold">Sinalizar {noun}</h1>
        {reply?.ok ? (
          <p role="status" className="text-green-dark font-medium">
            {reply.message}
          </p>
        ) : !target ? (
          <p className="text-slate-700">Este conteúdo não existe ou já foi removido.</p>
        ) : (
          <>
            <p className="text-slate-800">{refusal}</p>
            <Link to="/privilegios" className="text-primary font-medium hover:underline">
              Ver os privilégios
            </Link>
          </>
        )}
        <Link to={target?.url ?? "/"} className="btn-primary">
          Voltar
        </Link>
      </div>
    );
  }
  return (
    <div className="mx-auto max-w-xl px-4 py-10">
      <h1 className="text-primary text-2xl font-bold">Sinalizar {noun}</h1>
      <p className="mt-2 text-slate-700">
        Em{" "}
        <Link to={target.url} className="text-primary font-medium underline">
          {target.title}
        </Link>
        . A moderação revisa cada sinalização; quem escreveu não fica sabendo quem sinalizou.
      </p>
      <Form method="post" className="mt-6">
        <FlagFields kind={target.kind} id={target.id} reply={reply}>
          <div className="flex justify-end gap-2">
            <Link to={target.url} className="btn-ghost">
              Cancelar
            </Link>
            <button type="submit" className="btn-primary">
              Enviar sinalização
            </button>
          </div>
        </FlagFields>
      </Form>
    </div>
  );
}
