// /moderacao/registro: the moderation log, for moderators (a 404 for everyone else: the page does not exist
// for them). Filters by action, moderator and member live in the address (a plain GET form), as does the page.
import { Form, Link, data, href } from "react-router";
import { Pagination, pageFromUrl } from "#app/components/pagination.tsx";
import {
  MODERATION_ACTION_LABELS,
  TARGET_KIND_LABELS,
  isModerationAction,
} from "#app/features/moderation/moderation-log-labels.ts";
import { listModerationLog } from "#app/features/moderation/moderation-log-page.server.ts";
import { optionalViewer } from "#app/lib/auth-guard.server.ts";
import { formatDate, isoDate } from "#app/lib/dates.ts";
import { pageMeta } from "#app/lib/meta.ts";
import type { Route } from "./+types/moderation-log";
import { isModerator } from "#app/lib/permissions.ts";

export const meta: Route.MetaFunction = () => pageMeta({ title: "Registro de moderação", noindex: true });

export async function loader({ request, context }: Route.LoaderArgs) {
  const viewer = optionalViewer(context);
  if (!isModerator(viewer)) throw data(null, { status: 404 });
  const url = new URL(request.url);
  const action = url.searchParams.get("acao") ?? "";
  const moderator = url.searchParams.get("moderador") ?? "";
  const member = url.searchParams.get("membro") ?? "";
  const page = pageFromUrl(url);
  const { lines, totalPages } = await listModerationLog(
    viewer,
    { action: isModerationAction(action) ? action : null, moderator, member },
    page,
  );
  return { lines, page, totalPages, filters: { action, moderator, member } };
}

const ACTIONS = Object.entries(MODERATION_ACTION_LABELS);
const time = new Intl.DateTimeFormat("pt-BR", {
  timeZone: "America/Sao_Paulo",
  hour: "2-digit",
  minute: "2-digit",
});

export default function ModerationLog({ loaderData }: Route.ComponentProps) {
  const { lines, page, totalPages, filters } = loaderData;
  const filtered = Boolean(filters.action || filters.moderator || filters.member);
  return (
    <div className="mx-auto max-w-5xl px-4 py-10">
      <h1 className="text-primary text-2xl font-bold">Registro de moderação</h1>
      <p className="mt-2 text-sm text-slate-700">
        Cada ação da moderação (e as automáticas do site), da mais recente para a mais antiga.
      </p>
      <Form method="get" className="card mt-6 grid gap-4 p-4 sm:grid-cols-4 sm:items-end">
        <div>
          <label htmlFor="filtro-acao" className="field-label">
            Ação
          </label>
          <select id="filtro-acao" name="acao" defaultValue={filters.action} className="field-input">
            <option value="">Todas</option>
            {ACTIONS.map(([value, label]) => (
              <option key={value} value={value}>
                {label}
              </option>
            ))}
          </select>
        </div>
        <div>
          <label htmlFor="filtro-moderador" className="field-label">
            Moderador (@)
          </label>
          <input
            id="filtro-moderador"
            name="moderador"
            defaultValue={filters.moderator}
            className="field-input"
            autoComplete="off"
          />
        </div>
        <div>
          <label htmlFor="filtro-membro" className="field-label">
            Membro (@)
          </label>
          <input
            id="filtro-membro"
            name="membro"
            defaultValue={filters.member}
            className="field-input"
            autoComplete="off"
          />
        </div>
        <div className="flex gap-2">
          <button type="submit" className="btn-primary">
            Filtrar
          </button>
          {filtered ? (
            <Link to={href("/moderacao/registro")} className="btn-outline">
              Limpar
            </Link>
          ) : null}
        </div>
      </Form>

      {lines.length === 0 ? (
        <p className="mt-8 text-center text-slate-600">
          {filtered ? "Nenhuma ação com esses filtros." : "Nenhuma ação registrada ainda."}
        </p>
      ) : (
        <ol className="mt-6 divide-y divide-slate-200" aria-label="Ações da moderação">
          {lines.map((line) => {
            const label = isModerationAction(line.action)
              ? MODERATION_ACTION_LABELS[line.action]
              : line.action;
            const kind = line.targetKind ? (TARGET_KIND_LABELS[line.targetKind] ?? line.targetKind) : null;
            return (
              <li key={line.id} className="flex flex-col gap-1 py-3 text-sm sm:flex-row sm:gap-4">
                <time dateTime={isoDate(line.createdAt)} className="shrink-0 text-slate-600 sm:w-36">
                  {formatDate(line.createdAt)} {time.format(line.createdAt)}
                </time>
                <p className="min-w-0 text-slate-800">
                  {line.actor ? (
                    <Link
                      to={href("/u/:handle", { handle: line.actor.handle })}
                      className="text-primary font-medium hover:underline"
                    >
                      {line.actor.name}
                    </Link>
                  ) : (
                    <span className="font-medium">O site</span>
                  )}{" "}
                  <span className="font-semibold">{label}</span>
                  {kind && line.targetKind !== "user" ? (
                    <>
                      {" "}
                      {line.targetUrl ? (
                        <Link to={line.targetUrl} className="text-primary hover:underline">
                          {kind} #{line.targetId}
                        </Link>
                      ) : (
                        <span>
                          {kind} #{line.targetId}
                        </span>
                      )}
                    </>
                  ) : null}
                  {line.subject ? (
                    <>
                      {line.targetKind === "user" ? " " : " de "}
                      <Link
                        to={href("/u/:handle", { handle: line.subject.handle })}
                        className="text-primary hover:underline"
                      >
                        {line.subject.name} (@{line.subject.handle})
                      </Link>
                    </>
                  ) : null}
                  {line.reason ? <span className="block text-slate-700">Motivo: {line.reason}</span> : null}
                </p>
              </li>
            );
          })}
        </ol>
      )}
      <Pagination page={page} totalPages={totalPages} />
    </div>
  );
}
