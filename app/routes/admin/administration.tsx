// /administracao — what administrators curate from the browser: the notice above every page, the landing's
// featured posts, the posts pinned to the top of 'Escolhas da Comunidade', the recommended topics and who
// moderates. Every change is logged in the moderation log. Plain form posts: it all works without JavaScript.
import { data, Form, href, Link, useNavigation } from "react-router";
import {
  administrationAction,
  type AdministrationReply as ActionData,
  type Section,
} from "./administration-action.server.ts";
import { FieldError, fieldAria, FormStatus, Hint, Label } from "#app/components/form/field.tsx";
import { listStaff, type StaffMember } from "#app/features/accounts/accounts.server.ts";
import { ROLE_LABELS } from "#app/features/accounts/roles.ts";
import { curatedLists, type CuratedItem } from "#app/features/curation/curated-lists.server.ts";
import {
  CURATED_LIST_NAMES,
  CURATED_LISTS,
  CURATION_MESSAGES,
  SITE_NOTICE_MAX,
  type CuratedListName,
  type SiteNotice,
} from "#app/features/curation/rules.ts";
import { SiteNoticeBanner } from "#app/features/curation/components/site-notice-banner.tsx";
import { storedSiteNotice } from "#app/features/curation/site-notice.server.ts";
import { requireViewer } from "#app/lib/auth-guard.server.ts";
import { formatDate, isoDate } from "#app/lib/dates.ts";
import { pageMeta } from "#app/lib/meta.ts";
import type { Route } from "./+types/administration";

export const meta: Route.MetaFunction = () => pageMeta({ title: "Administração", noindex: true });

export async function loader({ request, context }: Route.LoaderArgs) {
  const viewer = requireViewer(request, context);
  if (viewer.role !== "admin") throw data(CURATION_MESSAGES.adminsOnly, { status: 403 });
  const [notice, lists, staff] = await Promise.all([
    storedSiteNotice(),
    curatedLists(viewer),
    listStaff(viewer),
  ]);
  return { notice, lists, staff, viewerId: viewer.id };
}

export async function action(args: Route.ActionArgs) {
  return administrationAction(args);
}

/** The refusal of this section's form, when the last post was one. */
function refusal(reply: ActionData | undefined, section: Section) {
  return reply && !reply.ok && reply.section === section ? reply : undefined;
}

function SectionStatus({ reply, section }: { reply: ActionData | undefined; section: Section }) {
  const mine = reply?.section === section ? reply : undefined;
  return (
    <div className="mt-3">
      <FormStatus message={mine?.ok ? mine.message : undefined} />
    </div>
  );
}

/** The error of a refused post that named no field (the item left the list meanwhile, say). */
function SectionError({ reply, section }: { reply: ActionData | undefined; section: Section }) {
  const mine = refusal(reply, section);
  if (!mine || mine.field) return null;
  return (
    <p role="alert" className="field-error mt-3">
      {mine.message}
    </p>
  );
}

/** "até 12 de dezembro de 2026, 22:00", as the datetime-local field wants it back (São Paulo time). */
function localInputValue(iso: string): string {
  const parts = new Intl.DateTimeFormat("sv-SE", {
    timeZone: "America/Sao_Paulo",
    year: "numeric",
    month: "2-digit",
    day: "2-digit",
    hour: "2-digit",
    minute: "2-digit",
  }).format(new Date(iso));
  return parts.replace(" ", "T");
}

function NoticeSection({ notice, reply }: { notice: SiteNotice | null; reply: ActionData | undefined }) {
  const navigation = useNavigation();
  const mine = refusal(reply, "notice");
  const errorFor = (field: string) => (mine?.field === field ? mine.message : null);
  const value = (field: keyof SiteNotice, fallback = "") =>
    mine?.values?.[field] ?? (notice?.[field] ? String(notice[field]) : fallback);
  const ended = notice?.endsAt ? new Date(notice.endsAt).getTime() <= Date.now() : false;
  return (
    <section aria-labelledby="admin-aviso" className="card p-5">
      <h2 id="admin-aviso" className="text-xl font-bold text-slate-900">
        Aviso do site
      </h2>
      <p className="mt-1 text-sm text-slate-600">
        Uma linha acima do conteúdo de todas as páginas, para visitantes e membros (uma manutenção, um
        evento).
      </p>
      {notice ? (
        <div className="mt-4">
          <p className="text-sm font-semibold text-slate-700">
            {ended ? "Aviso encerrado" : "Publicado agora"}
            {notice.endsAt ? (
              <>
                {ended ? " em " : " até "}
                <time dateTime={isoDate(notice.endsAt)}>{formatDate(notice.endsAt)}</time>
              </>
            ) : null}
            :
          </p>
          <div className="mt-2 overflow-hidden rounded-md border border-slate-200">
            <SiteNoticeBanner notice={notice} preview />
          </div>
        </div>
      ) : (
        <p className="mt-4 text-sm text-slate-700">Nenhum aviso publicado.</p>
      )}
      <Form method="post" className="mt-4 flex flex-col gap-3">
        <input type="hidden" name="intent" value="notice" />
        <div>
          <Label htmlFor="aviso-texto">Texto do aviso</Label>
          <textarea
            id="aviso-texto"
            name="text"
            required
            rows={2}
            maxLength={SITE_NOTICE_MAX}
            defaultValue={value("text")}
            key={`texto-${reply?.ok ? reply.message : "form"}`}
            className="field-input w-full"
            {...fieldAria({
              error: errorFor("text"),
              errorId: "aviso-texto-erro",
              describedBy: "aviso-texto-dica",
            })}
          />
          <Hint id="aviso-texto-dica">No máximo {SITE_NOTICE_MAX} caracteres, sem formatação.</Hint>
          <FieldError id="aviso-texto-erro" errors={errorFor("text")} />
        </div>
        <fieldset>
          <legend className="field-label">Tom</legend>
          <div className="mt-1 flex flex-wrap gap-4 text-sm">
            {(
              [
                ["info", "Informação"],
                ["warning", "Atenção"],
              ] as const
            ).map(([tone, label]) => (
              <label key={tone} className="flex items-center gap-2">
                <input
                  type="radio"
                  name="tone"
                  value={tone}
                  defaultChecked={value("tone", "info") === tone}
                />
                {label}
              </label>
            ))}
          </div>
        </fieldset>
        <div className="grid gap-3 sm:grid-cols-2">
          <div>
            <Label htmlFor="aviso-link">Link (opcional)</Label>
            <input
              id="aviso-link"
              name="link"
              type="text"
              inputMode="url"
              autoComplete="off"
              defaultValue={value("link")}
              className="field-input w-full"
              {...fieldAria({
                error: errorFor("link"),
                errorId: "aviso-link-erro",
                describedBy: "aviso-link-dica",
              })}
            />
            <Hint id="aviso-link-dica">Uma página deste site (/blog/…) ou um endereço https://.</Hint>
            <FieldError id="aviso-link-erro" errors={errorFor("link")} />
          </div>
          <div>
            <Label htmlFor="aviso-fim">Termina em (opcional)</Label>
            <input
              id="aviso-fim"
              name="endsAt"
              type="datetime-local"
              defaultValue={mine?.values?.endsAt ?? (notice?.endsAt ? localInputValue(notice.endsAt) : "")}
              className="field-input w-full"
              {...fieldAria({
                error: errorFor("endsAt"),
                errorId: "aviso-fim-erro",
                describedBy: "aviso-fim-dica",
              })}
            />
            <Hint id="aviso-fim-dica">Horário de Brasília. Sem data, fica até ser retirado.</Hint>
            <FieldError id="aviso-fim-erro" errors={errorFor("endsAt")} />
          </div>
        </div>
        <div className="flex flex-wrap gap-2">
          <button type="submit" className="btn-primary" disabled={navigation.state === "submitting"}>
            Publicar aviso
          </button>
        </div>
      </Form>
      {notice ? (
        <Form method="post" className="mt-2">
          <input type="hidden" name="intent" value="notice-clear" />
          <button type="submit" className="btn-outline" disabled={navigation.state === "submitting"}>
            Retirar aviso
          </button>
        </Form>
      ) : null}
      <SectionStatus reply={reply} section="notice" />
      <SectionError reply={reply} section="notice" />
    </section>
  );
}

function CuratedListSection({
  name,
  items,
  reply,
}: {
  name: CuratedListName;
  items: CuratedItem[];
  reply: ActionData | undefined;
}) {
  const navigation = useNavigation();
  const info = CURATED_LISTS[name];
  const headingId = `admin-${name}`;
  const fieldId = `admin-${name}-referencia`;
  const mine = refusal(reply, name);
  const error = mine?.field === "reference" ? mine.message : null;
  return (
    <section aria-labelledby={headingId} className="card p-5">
      <h2 id={headingId} className="text-xl font-bold text-slate-900">
        {info.title}
      </h2>
      <p className="mt-1 text-sm text-slate-600">{info.intro}</p>
      {items.length === 0 ? (
        <p className="mt-4 text-sm text-slate-700">Nenhum item na lista.</p>
      ) : (
        <ol aria-labelledby={headingId} className="mt-4 flex flex-col divide-y divide-slate-200">
          {items.map((item, index) => (
            <li key={item.id} className="flex flex-wrap items-center justify-between gap-2 py-2">
              <span className="flex min-w-0 items-baseline gap-2">
                <span className="text-sm font-bold text-slate-600">{index + 1}.</span>
                <Link to={item.href} className="text-primary min-w-0 font-medium break-words hover:underline">
                  {item.label}
                </Link>
              </span>
              <Form method="post" className="flex flex-wrap gap-1">
                <input type="hidden" name="list" value={name} />
                <input type="hidden" name="id" value={item.id} />
                <button
                  type="submit"
                  name="intent"
                  value="up"
                  className="btn-ghost text-sm"
                  disabled={index === 0}
                  aria-label={`Subir ${item.label}`}
                >
                  Subir
                </button>
                <button
                  type="submit"
                  name="intent"
                  value="down"
                  className="btn-ghost text-sm"
                  disabled={index === items.length - 1}
                  aria-label={`Descer ${item.label}`}
                >
                  Descer
                </button>
                <button
                  type="submit"
                  name="intent"
                  value="remove"
                  className="btn-ghost text-sm text-red-700"
                  aria-label={`Retirar ${item.label}`}
                >
                  Retirar
                </button>
              </Form>
            </li>
          ))}
        </ol>
      )}
      <Form method="post" className="mt-4 flex flex-col gap-2">
        <input type="hidden" name="intent" value="add" />
        <input type="hidden" name="list" value={name} />
        <Label htmlFor={fieldId}>{info.item === "post" ? "Post" : "Tag"}</Label>
        <Hint id={`${fieldId}-dica`}>{info.hint}</Hint>
        <div className="flex flex-wrap gap-2">
          <input
            id={fieldId}
            name="reference"
            required
            autoComplete="off"
            defaultValue={error ? mine?.values?.reference : undefined}
            key={reply?.ok && reply.section === name ? reply.message : "field"}
            className="field-input min-w-0 flex-1 sm:max-w-md"
            {...fieldAria({ error, errorId: `${fieldId}-erro`, describedBy: `${fieldId}-dica` })}
          />
          <button type="submit" className="btn-primary" disabled={navigation.state === "submitting"}>
            {info.addLabel}
          </button>
        </div>
        <FieldError id={`${fieldId}-erro`} errors={error} />
      </Form>
      <SectionStatus reply={reply} section={name} />
      <SectionError reply={reply} section={name} />
    </section>
  );
}

function RolesSection({
  staff,
  viewerId,
  reply,
}: {
  staff: StaffMember[];
  viewerId: number;
  reply: ActionData | undefined;
}) {
  const navigation = useNavigation();
  const mine = refusal(reply, "roles");
  const error = mine?.field === "handle" ? mine.message : null;
  return (
    <section aria-labelledby="admin-papeis" className="card p-5">
      <h2 id="admin-papeis" className="text-xl font-bold text-slate-900">
        Papéis
      </h2>
      <p className="mt-1 text-sm text-slate-600">
        Quem modera e administra a comunidade. O papel também muda no perfil de cada membro.
      </p>
      <ul aria-label="Moderação e administração" className="mt-4 flex flex-col divide-y divide-slate-200">
        {staff.map((member) => (
          <li key={member.id} className="flex flex-wrap items-center justify-between gap-2 py-2">
            <Link
              to={href("/u/:handle", { handle: member.handle })}
              className="text-primary min-w-0 font-medium break-words hover:underline"
            >
              {member.name} <span className="text-sm text-slate-600">@{member.handle}</span>
            </Link>
            <span className="text-sm text-slate-700">
              {ROLE_LABELS[member.role]}
              {member.id === viewerId ? " (você)" : ""}
            </span>
          </li>
        ))}
      </ul>
      <Form method="post" className="mt-4 flex flex-wrap items-end gap-2">
        <input type="hidden" name="intent" value="role" />
        <div className="min-w-48 flex-1 sm:max-w-xs">
          <Label htmlFor="papel-arroba">Arroba do membro</Label>
          <input
            id="papel-arroba"
            name="handle"
            required
            autoComplete="off"
            defaultValue={mine ? mine.values?.handle : undefined}
            key={reply?.ok && reply.section === "roles" ? reply.message : "field"}
            className="field-input w-full"
            {...fieldAria({ error, errorId: "papel-arroba-erro" })}
          />
        </div>
        <div>
          <Label htmlFor="papel-papel">Papel</Label>
          <select
            id="papel-papel"
            name="role"
            defaultValue={mine?.values?.role ?? "moderator"}
            className="field-input"
          >
            {Object.entries(ROLE_LABELS).map(([value, label]) => (
              <option key={value} value={value}>
                {label}
              </option>
            ))}
          </select>
        </div>
        <button type="submit" className="btn-primary" disabled={navigation.state === "submitting"}>
          Salvar papel
        </button>
        <FieldError id="papel-arroba-erro" errors={error} className="field-error w-full" />
      </Form>
      <SectionStatus reply={reply} section="roles" />
      <SectionError reply={reply} section="roles" />
    </section>
  );
}

export default function Administration({ loaderData, actionData }: Route.ComponentProps) {
  const { notice, lists, staff, viewerId } = loaderData;
  const reply = actionData as ActionData | undefined;
  return (
    <div className="mx-auto flex max-w-4xl flex-col gap-6 px-4 py-8">
      <div>
        <h1 className="text-3xl font-bold text-slate-900">Administração</h1>
        <p className="mt-2 text-slate-700">
          O que a comunidade vê em destaque e quem a modera. Cada mudança fica no{" "}
          <Link to={href("/moderacao/registro")} className="text-primary font-medium hover:underline">
            registro de moderação
          </Link>
          .
        </p>
        <nav aria-label="Outras ferramentas da administração" className="mt-3">
          <ul className="flex flex-wrap gap-x-4 gap-y-1 text-sm">
            <li>
              <Link to={href("/moderacao/filtros")} className="text-primary hover:underline">
                Filtros contra spam
              </Link>
            </li>
            <li>
              <Link to={href("/moderacao/emails")} className="text-primary hover:underline">
                E-mails não enviados
              </Link>
            </li>
            <li>
              <Link to={href("/revisao")} className="text-primary hover:underline">
                Fila de revisão
              </Link>
            </li>
          </ul>
        </nav>
      </div>
      <NoticeSection notice={notice} reply={reply} />
      {CURATED_LIST_NAMES.map((name) => (
        <CuratedListSection key={name} name={name} items={lists[name]} reply={reply} />
      ))}
      <RolesSection staff={staff} viewerId={viewerId} reply={reply} />
    </div>
  );
}
