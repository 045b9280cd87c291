// The action of /u/:handle: the administrator's role form and the moderation's suspensions and blocks (a
// member blocks too), in the one table of lib/intents.server.ts. A form without an intent is the role form of
// old (and of scripts that still post it).
import { parseWithZod } from "@conform-to/zod/v4";
import { data, redirect } from "react-router";
import { setRole } from "#app/features/accounts/accounts.server.ts";
import { getProfile } from "#app/features/accounts/profiles.server.ts";
import { ROLE_LABELS } from "#app/features/accounts/roles.ts";
import { roleChangeSchema, type AccountActionData } from "#app/features/accounts/schemas.ts";
import { blockMember, unblockMember } from "#app/features/moderation/blocks.server.ts";
import type { MemberModerationReply } from "#app/features/moderation/components/member-moderation.tsx";
import { blockSchema, suspendSchema, unsuspendSchema } from "#app/features/moderation/schemas.ts";
import { suspendMember, unsuspendMember } from "#app/features/moderation/suspensions.server.ts";
import { safeRedirectPath } from "#app/lib/auth-guard.server.ts";
import { viewerContext } from "#app/lib/context.ts";
import { errorReply, invalidReply } from "#app/lib/form-replies.server.ts";
import { intentAction, UNKNOWN_INTENT_MESSAGE } from "#app/lib/intents.server.ts";
import { plural } from "#app/lib/plural.ts";
import type { Viewer } from "#app/lib/viewer.ts";
import { topic, writeChanges, writeChangesNothingVisitorsSee } from "#app/lib/visitor-page-topics.server.ts";
import type { Route } from "./+types/profile";

type ProfileActionArgs = {
  form: FormData;
  viewer: Viewer | null;
  profile: { id: number; name: string };
  context: Route.ActionArgs["context"];
  returnTo: string;
};

/** A moderation form that did what it was asked: back where it was sent from, or its message. */
function moderated(intent: string, message: string, returnTo: string) {
  if (returnTo) return redirect(returnTo);
  return data<MemberModerationReply>({ intent, ok: true, message });
}

const profileIntents = intentAction(
  {
    async role({ form, viewer, profile, context, returnTo }: ProfileActionArgs) {
      const submission = parseWithZod(form, { schema: roleChangeSchema });
      if (submission.status !== "success") return invalidReply<AccountActionData>(submission, {});
      writeChanges(context, topic.member(profile.id));
      try {
        await setRole(viewer, profile.id, submission.value.role);
        if (returnTo) return redirect(returnTo);
        return data<AccountActionData>({
          result: submission.reply(),
          message: `Papel atualizado para ${ROLE_LABELS[submission.value.role]}.`,
          intent: "role",
        });
      } catch (error) {
        return errorReply<AccountActionData>(submission, error, { intent: "role" });
      }
    },
    async suspend({ form, viewer, profile, returnTo }: ProfileActionArgs) {
      const submission = parseWithZod(form, { schema: suspendSchema });
      if (submission.status !== "success") {
        const errors = submission.error ?? {};
        return data<MemberModerationReply>(
          {
            intent: "suspend",
            ok: false,
            fieldErrors: { days: errors.days?.[0], reason: errors.reason?.[0] },
          },
          { status: 400 },
        );
      }
      await suspendMember(viewer, profile.id, submission.value);
      const { days } = submission.value;
      return moderated(
        "suspend",
        `${profile.name} foi suspenso por ${days} ${plural(days, "dia", "dias")}.`,
        returnTo,
      );
    },
    async unsuspend({ form, viewer, profile, returnTo }: ProfileActionArgs) {
      if (parseWithZod(form, { schema: unsuspendSchema }).status !== "success")
        throw data(null, { status: 400 });
      await unsuspendMember(viewer, profile.id);
      return moderated("unsuspend", `A suspensão de ${profile.name} foi encerrada.`, returnTo);
    },
    async block({ form, viewer, profile, returnTo }: ProfileActionArgs) {
      if (parseWithZod(form, { schema: blockSchema }).status !== "success") throw data(null, { status: 400 });
      await blockMember(viewer, profile.id);
      return moderated("block", `Você bloqueou ${profile.name}.`, returnTo);
    },
    async unblock({ form, viewer, profile, returnTo }: ProfileActionArgs) {
      if (parseWithZod(form, { schema: blockSchema }).status !== "success") throw data(null, { status: 400 });
      await unblockMember(viewer, profile.id);
      return moderated("unblock", `Você desbloqueou ${profile.name}.`, returnTo);
    },
  },
  {
    unknown: (intent) =>
      data<MemberModerationReply>({ intent, ok: false, message: UNKNOWN_INTENT_MESSAGE }, { status: 400 }),
    refused: (error, intent) => {
      const field = error.field === "days" || error.field === "reason" ? error.field : null;
      return data<MemberModerationReply>(
        field
          ? { intent, ok: false, fieldErrors: { [field]: error.message } }
          : { intent, ok: false, message: error.message },
        { status: error.status },
      );
    },
  },
);

export async function profileAction({ request, params, context }: Route.ActionArgs) {
  const form = await request.formData();
  if (!form.has("intent")) form.set("intent", "role");
  const lookup = await getProfile(params.handle);
  if (lookup.status !== "found") throw data(null, { status: 404 });
  const intent = form.get("intent");
  // Suspensions and blocks change nothing visitors see on any page.
  if (intent !== "role") writeChangesNothingVisitorsSee(context);
  return profileIntents(intent, {
    form,
    viewer: context.get(viewerContext),
    profile: lookup.profile,
    context,
    returnTo: safeRedirectPath(form.get("returnTo"), ""),
  });
}
