// The one place a suspended member's writes are refused, called by the root middleware for every request that is
// not a read: whatever the route, the action never runs. A suspended member may still leave (sign out, or sign in
// as someone else on a shared browser; the account pages a visitor uses), look after their account's safety and
// privacy in Configurações (password, sessions, e-mail, notification settings, removing the account, revoking an
// API token) and block or unblock members; everything that writes for others to read (questions, answers,
// comments, votes, follows, posts, likes, their public profile, uploads) is refused with 403 and the reason.
// Creating an API token is not safety: it waits for the suspension to end, while the tokens the member already
// has go on reading.
import { activeSuspension, type Viewer } from "#app/lib/viewer.ts";
import { suspensionMessage } from "./suspension-message.ts";

/** Writes a suspended member may still make: path → the form `intent`s allowed there (null: any). */
const ALLOWED_WHILE_SUSPENDED: Record<string, ReadonlySet<string> | null> = {
  "/sair": null,
  "/entrar": null,
  "/cadastro": null,
  "/esqueci-a-senha": null,
  "/recuperar-senha": null,
  "/newsletter": null,
  "/configuracoes": new Set([
    "email",
    "resend",
    "password",
    "sessions",
    "notifications",
    "delete",
    "unblock-member",
    "revoke-access-token",
  ]),
};
/** On a profile, blocking and unblocking stay open: they protect the member, and nobody else reads them. */
const PROFILE_INTENTS = new Set(["block", "unblock"]);

/** The refusal's message when `viewer` may not make this write now; null when the write goes ahead. */
export async function suspendedWriteRefusal(request: Request, viewer: Viewer | null): Promise<string | null> {
  const suspension = activeSuspension(viewer);
  if (!suspension) return null;
  const path = new URL(request.url).pathname.replace(/\.data$/, "").replace(/\/_$/, "/");
  // Following an e-mail's link (confirming an address, leaving the newsletter) is the person, not the member.
  if (/^\/(confirmar-email|newsletter\/confirmar|newsletter\/cancelar)\//.test(path)) return null;
  const allowed = path.startsWith("/u/") ? PROFILE_INTENTS : ALLOWED_WHILE_SUSPENDED[path];
  if (allowed === null) return null;
  if (allowed && allowed.has(await formIntent(request))) return null;
  return suspensionMessage(suspension);
}

async function formIntent(request: Request): Promise<string> {
  const type = request.headers.get("content-type") ?? "";
  if (!type.includes("form")) return "";
  const form = await request
    .clone()
    .formData()
    .catch(() => null);
  const intent = form?.get("intent");
  return typeof intent === "string" ? intent : "";
}
