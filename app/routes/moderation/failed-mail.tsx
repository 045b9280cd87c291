// /moderacao/emails — e-mails the outbox gave up on after its retries (ADR 048), for administrators: to whom, what,
// how many tries and the last error; "Tentar de novo" puts one back in the queue (the SMTP server is back),
// "Descartar" drops it (a mailbox that does not exist).
import { data, Form, href, Link } from "react-router";
import { FormStatus } from "#app/components/form/field.tsx";
import { requireViewer } from "#app/lib/auth-guard.server.ts";
import { formatDate, isoDate } from "#app/lib/dates.ts";
import { formRowId } from "#app/lib/ids.ts";
import {
  discardFailedMail,
  failedMail,
  failedMailCount,
  retryFailedMail,
} from "#app/lib/mail-outbox.server.ts";
import { pageMeta } from "#app/lib/meta.ts";
import type { Viewer } from "#app/lib/viewer.ts";
import { writeChangesNothingVisitorsSee } from "#app/lib/visitor-page-topics.server.ts";
import type { Route } from "./+types/failed-mail";

export const meta: Route.MetaFunction = () => pageMeta({ title: "E-mails não enviados", noindex: true });

const ADMINS_ONLY = "Só administradores veem os e-mails não enviados.";
const LISTED = 50;

function requireAdministrator(request: Request, context: Route.LoaderArgs["context"]): Viewer {
  const viewer = requireViewer(request, context);
  if (viewer.role !== "admin") throw data({ message: ADMINS_ONLY }, { status: 403 });
  return viewer;
}

export async function loader({ request, context }: Route.LoaderArgs) {
  requireAdministrator(request, context);
  const [mails, total] = await Promise.all([failedMail(LISTED), failedMailCount()]);
  return data({ mails, total }, { headers: { "Cache-Control": "private, no-store" } });
}

export async function action({ request, context }: Route.ActionArgs) {
  requireAdministrator(request, context);
  writeChangesNothingVisitorsSee(context);
  const form = await request.formData();
  const id = formRowId(form.get("id"));
  const retry = form.get("intent") === "retry";
  const done = retry ? await retryFailedMail(id) : await discardFailedMail(id);
  if (!done) return data({ message: "Este e-mail já saiu da lista." }, { status: 404 });
  return { message: retry ? "O e-mail voltou para a fila de envio." : "E-mail descartado." };
}

export default function FailedMailPage({ loaderData, actionData }: Route.ComponentProps) {
  const { mails, total } = loaderData;
  return (
    <div className="mx-auto max-w-4xl px-4 py-8 sm:py-10">
      <h1 className="text-primary text-2xl font-bold">E-mails não enviados</h1>
      <p className="mt-2 text-sm text-slate-800">
        E-mails que falharam em todas as tentativas (oito, ao longo de algumas horas). Confira o servidor de
        e-mail (SMTP_URL) e tente de novo, ou descarte o que não vai chegar.{" "}
        <Link to={href("/moderacao/registro")} className="text-primary font-semibold hover:underline">
          Registro de moderação
        </Link>
      </p>
      <FormStatus message={actionData?.message} className="mt-4 text-sm font-medium text-slate-900" />
      {mails.length === 0 ? (
        <p className="mt-6 text-sm text-slate-700">Nenhum e-mail falhou. Tudo o que foi para a fila saiu.</p>
      ) : (
        <>
          <p className="mt-4 text-sm text-slate-700">
            {total > mails.length ? `Os ${mails.length} mais recentes de ${total}.` : `${total} no total.`}
          </p>
          <ul aria-label="E-mails não enviados" className="mt-2 flex flex-col divide-y divide-slate-200">
            {mails.map((mail) => (
              <li
                key={mail.id}
                className="flex flex-col gap-2 py-3 sm:flex-row sm:items-start sm:justify-between"
              >
                <div className="min-w-0 text-sm">
                  <p className="font-medium break-all text-slate-900">{mail.recipient}</p>
                  <p className="text-slate-800">{mail.subject || mail.kind}</p>
                  <p className="text-slate-700">
                    {mail.attempts} tentativas · desistiu em{" "}
                    <time dateTime={isoDate(mail.failedAt)}>{formatDate(mail.failedAt)}</time>
                  </p>
                  {mail.lastError ? (
                    <p className="font-mono text-xs break-all text-red-800">{mail.lastError}</p>
                  ) : null}
                </div>
                <div className="flex shrink-0 gap-2">
                  <Form method="post">
                    <input type="hidden" name="id" value={mail.id} />
                    <button
                      type="submit"
                      name="intent"
                      value="retry"
                      className="btn-outline"
                      aria-label={`Tentar de novo o e-mail para ${mail.recipient}`}
                    >
                      Tentar de novo
                    </button>
                  </Form>
                  <Form method="post">
                    <input type="hidden" name="id" value={mail.id} />
                    <button
                      type="submit"
                      name="intent"
                      value="discard"
                      className="btn-ghost"
                      aria-label={`Descartar o e-mail para ${mail.recipient}`}
                    >
                      Descartar
                    </button>
                  </Form>
                </div>
              </li>
            ))}
          </ul>
        </>
      )}
    </div>
  );
}
