// /configuracoes: the member's own account — profile (name, role line, bio), picture, e-mail (changed through a
// confirmation link), password (with the current one), sessions, personal access tokens for the API (`#tokens`),
// export of their data and removal (LGPD).
// One plain form per section, each with its `intent`; every one works without JavaScript. The action dispatches
// each intent to its module (`settings-action.server.ts`, `actions/`); the sections are in `settings-sections.tsx`.
import { Link, href } from "react-router";
import { myAccessTokens } from "#app/features/accounts/access-token-settings.server.ts";
import { ACCESS_TOKENS_PER_MEMBER } from "#app/features/accounts/access-tokens.server.ts";
import type { AccountActionData } from "#app/features/accounts/schemas.ts";
import { getSettings } from "#app/features/accounts/settings.server.ts";
import { linkedProviders } from "#app/features/accounts/provider-accounts.server.ts";
import { isSignInProvider } from "#app/features/accounts/sign-in-providers.server.ts";
import { configuredProviders } from "#app/lib/env.server.ts";
import { NotificationSettings } from "#app/features/notifications/components/notification-settings.tsx";
import { getPreferences } from "#app/features/notifications/notifications.server.ts";
import { listBlockedMembers } from "#app/features/moderation/blocks.server.ts";
import { BlockedMembersSection } from "#app/features/moderation/components/blocked-members.tsx";
import { requireViewer } from "#app/lib/auth-guard.server.ts";
import { pageMeta } from "#app/lib/meta.ts";
import { useRootData } from "#app/lib/root-data.ts";
import { activeSuspension } from "#app/lib/viewer.ts";
import type { Route } from "./+types/settings";
import { AccessTokensSection } from "./access-tokens-section.tsx";
import { SignInProvidersSection } from "./sign-in-providers-section.tsx";
import type { SettingsSection } from "./actions/intents.server.ts";
import { settingsAction } from "./settings-action.server.ts";
import {
  AppearanceSection,
  AvatarSection,
  DataSection,
  DeleteSection,
  EmailSection,
  PasswordSection,
  ProfileSection,
  SessionsSection,
} from "./settings-sections.tsx";

export const meta: Route.MetaFunction = () => pageMeta({ title: "Configurações", noindex: true });

export async function loader({ request, context }: Route.LoaderArgs) {
  const viewer = requireViewer(request, context);
  const [settings, notifications, blocked, accessTokens, providers] = await Promise.all([
    getSettings(viewer),
    getPreferences(viewer),
    listBlockedMembers(viewer),
    myAccessTokens(viewer),
    linkedProviders(viewer),
  ]);
  const justLinked = new URL(request.url).searchParams.get("vinculado");
  return {
    settings,
    notifications,
    blocked,
    accessTokens,
    accessTokensMax: ACCESS_TOKENS_PER_MEMBER,
    suspended: activeSuspension(viewer) !== null,
    handle: viewer.handle,
    providers: { ...providers, configured: configuredProviders() },
    justLinked: isSignInProvider(justLinked) ? justLinked : null,
  };
}

export async function action({ request, context }: Route.ActionArgs) {
  return settingsAction({ request, context });
}

/** The answer of the action for the form `intent`, if it is the one that posted. */
function answerFor<T extends AccountActionData>(actionData: T | undefined, intent: SettingsSection) {
  return actionData?.intent === intent ? actionData : undefined;
}

export default function SettingsPage({ loaderData, actionData }: Route.ComponentProps) {
  const { settings, notifications, handle } = loaderData;
  const theme = useRootData()?.viewer?.theme ?? null;
  return (
    <div className="mx-auto max-w-3xl px-4 py-8 sm:py-10">
      <div className="flex flex-wrap items-baseline justify-between gap-2">
        <h1 className="text-primary text-2xl font-bold">Configurações</h1>
        <Link
          to={href("/u/:handle", { handle })}
          className="text-primary text-sm font-medium hover:underline"
        >
          Ver meu perfil
        </Link>
      </div>
      <div className="mt-6 flex flex-col gap-6">
        <ProfileSection settings={settings} answer={answerFor(actionData, "profile")} />
        <AvatarSection settings={settings} answer={answerFor(actionData, "avatar")} />
        <EmailSection settings={settings} answer={answerFor(actionData, "email")} />
        <AppearanceSection theme={theme} />
        <PasswordSection answer={answerFor(actionData, "password")} />
        <SignInProvidersSection
          linked={loaderData.providers.providers}
          configured={loaderData.providers.configured}
          hasPassword={loaderData.providers.hasPassword}
          justLinked={loaderData.justLinked}
          answer={answerFor(actionData, "unlink-provider")}
        />
        <SessionsSection count={settings.sessionCount} answer={answerFor(actionData, "sessions")} />
        <NotificationSettings
          value={notifications}
          message={answerFor(actionData, "notifications")?.message}
        />
        <BlockedMembersSection
          members={loaderData.blocked}
          message={answerFor(actionData, "unblock-member")?.message}
        />
        <AccessTokensSection
          tokens={loaderData.accessTokens}
          max={loaderData.accessTokensMax}
          suspended={loaderData.suspended}
          answer={answerFor(actionData, "create-access-token")}
        />
        <DataSection />
        <DeleteSection answer={answerFor(actionData, "delete")} />
      </div>
    </div>
  );
}
