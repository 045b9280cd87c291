// The sessions form: sign out every other device.
import { readSessionToken } from "#app/features/accounts/sessions.server.ts";
import { endOtherSessions } from "#app/features/accounts/settings.server.ts";
import { done, type SettingsActionArgs } from "./intents.server.ts";

export async function sessionsAction({ request, viewer }: SettingsActionArgs) {
  await endOtherSessions(viewer, readSessionToken(request));
  return done("sessions", "Pronto: só esta sessão continua aberta.");
}
