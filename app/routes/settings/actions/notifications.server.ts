// The notification preferences form (its fields belong to the notifications feature).
import { notificationSettingsFromForm } from "#app/features/notifications/components/notification-settings.tsx";
import { savePreferences } from "#app/features/notifications/notifications.server.ts";
import { done, type SettingsActionArgs } from "./intents.server.ts";

export async function notificationsAction({ viewer, formData }: SettingsActionArgs) {
  await savePreferences(viewer, notificationSettingsFromForm(formData));
  return done("notifications", "Preferências salvas.");
}
