// Signed-in controls of the header: the avatar button "Menu do usuário" (Ver Perfil, Favoritos, Notificações, Configurações, Sair) and the bell.
// Sair opens the logout dialog, which lives with the auth pieces (see LogoutDialog).
import { lazy, Suspense } from "react";
import { Link, href } from "react-router";
import { AvatarImage } from "#app/components/avatar.tsx";
import { BellIcon } from "#app/components/icons.tsx";
import { useLazyMenu } from "#app/components/lazy-menu.tsx";
import { plural } from "#app/lib/plural.ts";
import type { Viewer } from "#app/lib/viewer.ts";

/** The count's id: the header has one bell. */
const UNREAD_ID = "notificacoes-nao-lidas";

export function NotificationBell({ unread = 0, inverted = false }: { unread?: number; inverted?: boolean }) {
  return (
    <Link
      to={href("/notifications")}
      aria-label="Notificações"
      // The label names the link and hides its content: the count is read as its description.
      aria-describedby={unread > 0 ? UNREAD_ID : undefined}
      className={`relative rounded-full p-2 ${inverted ? "text-white hover:bg-white/10" : "text-slate-700 hover:bg-slate-100"}`}
    >
      <BellIcon />
      {unread > 0 ? (
        <span
          id={UNREAD_ID}
          className="absolute -top-0.5 -right-0.5 min-w-5 rounded-full bg-red-600 px-1 text-center text-xs leading-5 font-bold text-white"
        >
          {unread > 99 ? "99+" : unread}
          <span className="sr-only">{` ${plural(unread, "não lida", "não lidas")}`}</span>
        </span>
      ) : null}
    </Link>
  );
}

const triggerClass =
  "focus-visible:outline-primary rounded-full focus-visible:outline-2 focus-visible:outline-offset-2";

// Radix's menu is fetched on the first reach for the avatar, not with every page a member opens (ADR 030).
const loadLiveUserMenu = () => void import("./user-menu-live.tsx");
const LiveUserMenu = lazy(() => import("./user-menu-live.tsx"));

/** The avatar button: a lazy menu (lazy-menu.tsx) whose live part is user-menu-live.tsx. */
export function UserMenu({
  viewer,
  reviewItems = null,
  onSignOut,
  onSignOutIntent,
}: {
  viewer: Viewer;
  reviewItems?: number | null;
  onSignOut: () => void;
  /** The menu holds Sair: reaching for it starts loading the sign-out dialog too. */
  onSignOutIntent?: () => void;
}) {
  const { live, liveProps, triggerProps } = useLazyMenu(() => {
    loadLiveUserMenu();
    onSignOutIntent?.();
  });
  const plainTrigger = (
    <button aria-label="Menu do usuário" className={triggerClass} {...triggerProps}>
      <AvatarImage src={viewer.avatarUrl} handle={viewer.handle} size="sm" />
    </button>
  );
  if (!live) return plainTrigger;
  return (
    <Suspense fallback={plainTrigger}>
      <LiveUserMenu
        viewer={viewer}
        reviewItems={reviewItems}
        onSignOut={onSignOut}
        triggerClass={triggerClass}
        {...liveProps}
      />
    </Suspense>
  );
}
