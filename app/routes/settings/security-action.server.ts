// The action of /configuracoes/seguranca, in the one table of lib/intents.server.ts: two-factor sign-in (start,
// confirm, cancel, turn off, new recovery codes) and the member's sessions (end one, end all). Turning the second
// step off and new recovery codes ask for the password: a session left open elsewhere must not be enough.
import { data, href, redirect } from "react-router";
import {
  clearSessionCookie,
  endSessionById,
  endSessionsOf,
  readSessionToken,
} from "#app/features/accounts/sessions.server.ts";
import {
  newRecoveryCodesConfirmed,
  startTwoFactorSetupConfirmed,
  turnOffTwoFactorConfirmed,
} from "#app/features/accounts/settings.server.ts";
import { cancelTwoFactorSetup, confirmTwoFactorSetup } from "#app/features/accounts/two-factor.server.ts";
import type { ActionReply } from "#app/lib/action-reply.ts";
import { requireViewer } from "#app/lib/auth-guard.server.ts";
import { getDb } from "#app/lib/db.server.ts";
import { intentAction, UNKNOWN_INTENT_MESSAGE } from "#app/lib/intents.server.ts";
import type { Viewer } from "#app/lib/viewer.ts";
import { writeChangesNothingVisitorsSee } from "#app/lib/visitor-page-topics.server.ts";
import type { Route } from "./+types/security";

export type SecurityReply = ActionReply & {
  intent: string;
  field?: "code" | "password";
  recoveryCodes?: string[];
};

type Args = { request: Request; viewer: Viewer; formData: FormData };

const text = (formData: FormData, name: string) => String(formData.get(name) ?? "").slice(0, 200);

function done(intent: string, body: Omit<SecurityReply, "intent" | "ok"> = {}) {
  return data<SecurityReply>({ intent, ok: true, ...body });
}

function refused(intent: string, message: string, status: number, field?: SecurityReply["field"]) {
  return data<SecurityReply>({ intent, ok: false, message, ...(field ? { field } : {}) }, { status });
}

/** Turning the second step off and new recovery codes: the current password, asked again. */
async function withPassword(intent: string, { formData }: Args, then: (proof: string) => Promise<unknown>) {
  const proof = text(formData, "password");
  if (!proof) return refused(intent, "Digite sua senha atual", 400, "password");
  return then(proof);
}

const securityIntents = intentAction(
  {
    async "two-factor-start"({ viewer, formData }: Args) {
      await startTwoFactorSetupConfirmed(viewer, text(formData, "password"));
      return done("two-factor-start");
    },
    async "two-factor-cancel"({ viewer }: Args) {
      await cancelTwoFactorSetup(viewer);
      return done("two-factor-cancel", { message: "Ativação cancelada." });
    },
    async "two-factor-confirm"({ request, viewer, formData }: Args) {
      const code = text(formData, "code").trim();
      if (!/^\d{3}\s?\d{3}$/.test(code)) {
        return refused(
          "two-factor-confirm",
          "Digite o código de 6 dígitos que o aplicativo mostra",
          400,
          "code",
        );
      }
      const recoveryCodes = await confirmTwoFactorSetup(viewer, code, readSessionToken(request));
      return done("two-factor-confirm", {
        message: "Verificação em duas etapas ativada. As sessões em outros aparelhos foram encerradas.",
        recoveryCodes,
      });
    },
    async "two-factor-off"(args: Args) {
      return withPassword("two-factor-off", args, async (proof) => {
        await turnOffTwoFactorConfirmed(args.viewer, proof);
        return done("two-factor-off", { message: "Verificação em duas etapas desativada." });
      });
    },
    async "recovery-codes"(args: Args) {
      return withPassword("recovery-codes", args, async (proof) => {
        const recoveryCodes = await newRecoveryCodesConfirmed(args.viewer, proof);
        return done("recovery-codes", {
          message: "Novos códigos de recuperação gerados; os anteriores não valem mais.",
          recoveryCodes,
        });
      });
    },
    async "session-end"({ viewer, formData }: Args) {
      const ended = await endSessionById(await getDb(), viewer.id, text(formData, "session"));
      if (!ended) return refused("session-end", "Esta sessão já tinha sido encerrada.", 404);
      return done("session-end", { message: "Sessão encerrada." });
    },
    async "sessions-end-all"({ request, viewer }: Args) {
      await endSessionsOf(await getDb(), viewer.id);
      throw redirect(href("/"), { headers: { "Set-Cookie": clearSessionCookie(request) } });
    },
  },
  {
    unknown: () => refused("session-end", UNKNOWN_INTENT_MESSAGE, 400),
    refused: (error, intent) =>
      refused(
        intent,
        error.message,
        error.status,
        error.field === "code" || error.field === "password" ? error.field : undefined,
      ),
  },
);

export async function securityAction({ request, context }: Route.ActionArgs) {
  writeChangesNothingVisitorsSee(context);
  const viewer = requireViewer(request, context);
  const formData = await request.formData();
  return securityIntents(formData.get("intent"), { request, viewer, formData });
}
