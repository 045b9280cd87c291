// The forms of /administracao, in the one table of lib/intents.server.ts: the notice (published, taken down),
// the curated lists (add, move, take off; the list is a field of the form) and roles. A refusal comes back to
// its section, with what was typed and the field it is about.
import { data } from "react-router";
import { setRoleByHandle } from "#app/features/accounts/accounts.server.ts";
import { ROLE_LABELS } from "#app/features/accounts/roles.ts";
import {
  addToCuratedList,
  moveInCuratedList,
  removeFromCuratedList,
} from "#app/features/curation/curated-lists.server.ts";
import { CURATED_LIST_NAMES, type CuratedListName } from "#app/features/curation/rules.ts";
import { clearSiteNotice, setSiteNotice } from "#app/features/curation/site-notice.server.ts";
import type { ActionReply } from "#app/lib/action-reply.ts";
import { requireViewer } from "#app/lib/auth-guard.server.ts";
import { formRowId } from "#app/lib/ids.ts";
import { intentAction } from "#app/lib/intents.server.ts";
import type { Role, Viewer } from "#app/lib/viewer.ts";
import type { Route } from "./+types/administration";

/** The page's parts, each with its own forms and messages. */
export type Section = "notice" | CuratedListName | "roles";

export type AdministrationReply = ActionReply & {
  section: Section;
  /** What was typed, given back with a refusal. */
  values?: Record<string, string>;
};

type Args = { form: FormData; viewer: Viewer };

const REMEMBERED_FIELDS = ["text", "tone", "link", "endsAt", "reference", "handle", "role"];

const text = (form: FormData, name: string) => String(form.get(name) ?? "");

function listOf(form: FormData): CuratedListName {
  const list = CURATED_LIST_NAMES.find((name) => name === form.get("list"));
  // A list form without its list is a form of no list: refused like an unknown intent.
  if (!list) throw new Response(null, { status: 400 });
  return list;
}

function sectionOf(intent: string, form: FormData): Section {
  if (intent.startsWith("notice")) return "notice";
  if (intent === "role") return "roles";
  return CURATED_LIST_NAMES.find((name) => name === form.get("list")) ?? "notice";
}

function done(section: Section, message: string) {
  return data<AdministrationReply>({ ok: true, section, message });
}

function roleOf(value: FormDataEntryValue | null): Role {
  return value === "admin" || value === "moderator" ? value : "member";
}

const administrationIntents = intentAction(
  {
    async notice({ form, viewer }: Args) {
      const input = { text: text(form, "text"), tone: text(form, "tone"), link: text(form, "link") };
      await setSiteNotice(viewer, { ...input, endsAt: text(form, "endsAt") });
      return done("notice", "Aviso publicado em todas as páginas.");
    },
    async "notice-clear"({ viewer }: Args) {
      await clearSiteNotice(viewer);
      return done("notice", "Aviso retirado.");
    },
    async role({ form, viewer }: Args) {
      const role = roleOf(form.get("role"));
      const name = await setRoleByHandle(viewer, text(form, "handle"), role);
      return done("roles", `${name} agora é ${ROLE_LABELS[role].toLowerCase()}.`);
    },
    async add({ form, viewer }: Args) {
      const list = listOf(form);
      return done(list, `Adicionado: ${await addToCuratedList(viewer, list, text(form, "reference"))}.`);
    },
    async up({ form, viewer }: Args) {
      const list = listOf(form);
      await moveInCuratedList(viewer, list, formRowId(form.get("id")), "up");
      return done(list, "Ordem salva.");
    },
    async down({ form, viewer }: Args) {
      const list = listOf(form);
      await moveInCuratedList(viewer, list, formRowId(form.get("id")), "down");
      return done(list, "Ordem salva.");
    },
    async remove({ form, viewer }: Args) {
      const list = listOf(form);
      return done(list, `Retirado: ${await removeFromCuratedList(viewer, list, formRowId(form.get("id")))}.`);
    },
  },
  {
    refused: (error, intent, { form }: Args) =>
      data<AdministrationReply>(
        {
          ok: false,
          intent,
          section: sectionOf(intent, form),
          message: error.message,
          field: error.field,
          values: Object.fromEntries(REMEMBERED_FIELDS.map((name) => [name, text(form, name)])),
        },
        { status: error.status },
      ),
  },
);

export async function administrationAction({ request, context }: Route.ActionArgs) {
  const viewer = requireViewer(request, context);
  const form = await request.formData();
  // Every change here reaches pages visitors see (the notice on all of them): the default, "everything".
  return administrationIntents(form.get("intent"), { form, viewer });
}
