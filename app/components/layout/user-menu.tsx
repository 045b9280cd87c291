// Signed-in controls of the header: the avatar button "Menu do usuário" (Ver Perfil, Sair) and the bell.
// Sair opens the logout dialog, which lives with the auth pieces (see LogoutDialog).
import { lazy, Suspense, useRef, useState } from "react";
import { Link, href } from "react-router";
import { AvatarImage } from "#app/components/avatar.tsx";
import { BellIcon } from "#app/components/icons.tsx";
import type { Viewer } from "#app/lib/viewer.ts";

export function NotificationBell({ unread = 0, inverted = false }: { unread?: number; inverted?: boolean }) {
  return (
    <Link
      to={href("/notifications")}
      aria-label="Notificações"
      className={`relative rounded-full p-2 ${inverted ? "text-white hover:bg-white/10" : "text-slate-700 hover:bg-slate-100"}`}
    >
      <BellIcon />
      {unread > 0 ? (
        <span className="absolute -top-0.5 -right-0.5 min-w-5 rounded-full bg-red-600 px-1 text-center text-xs leading-5 font-bold text-white">
          {unread > 99 ? "99+" : unread}
          <span className="sr-only"> não lidas</span>
        </span>
      ) : null}
    </Link>
  );
}

/** The keys that open a Radix menu from its trigger. */
const OPEN_KEYS = ["Enter", " ", "ArrowDown"];
const triggerClass =
  "focus-visible:outline-primary rounded-full focus-visible:outline-2 focus-visible:outline-offset-2";

// Radix's menu is fetched on the first reach for the avatar, not with every page a member opens (ADR 030).
const loadLiveUserMenu = () => void import("./user-menu-live.tsx");
const LiveUserMenu = lazy(() => import("./user-menu-live.tsx"));

/**
 * The avatar button. It starts as a plain button with the trigger's name and ARIA, opens on the gestures Radix
 * opens on, and mounts the Radix menu, already open, on the first press; a pointer or the focus on it starts
 * fetching that.
 */
export function UserMenu({ viewer, onSignOut }: { viewer: Viewer; onSignOut: () => void }) {
  const [live, setLive] = useState(false);
  const [open, setOpen] = useState(false);
  // Radix moves focus to the first item only when it saw the keystroke itself: the first keyboard opening
  // does it in the live menu.
  const focusFirstItem = useRef(false);
  const goLive = (fromKeyboard: boolean) => {
    focusFirstItem.current = fromKeyboard;
    setLive(true);
    setOpen(true);
  };
  const plainTrigger = (
    <button
      type="button"
      aria-label="Menu do usuário"
      aria-haspopup="menu"
      aria-expanded="false"
      className={triggerClass}
      onPointerEnter={loadLiveUserMenu}
      onFocus={loadLiveUserMenu}
      onPointerDown={(event) => {
        if (event.button !== 0 || event.ctrlKey) return;
        // As Radix does: the button does not take focus, so the menu content can.
        event.preventDefault();
        goLive(false);
      }}
      onKeyDown={(event) => {
        if (!OPEN_KEYS.includes(event.key)) return;
        event.preventDefault();
        goLive(true);
      }}
      onClick={() => goLive(true)}
    >
      <AvatarImage src={viewer.avatarUrl} size="sm" />
    </button>
  );
  if (!live) return plainTrigger;
  return (
    <Suspense fallback={plainTrigger}>
      <LiveUserMenu
        viewer={viewer}
        onSignOut={onSignOut}
        open={open}
        onOpenChange={setOpen}
        focusFirstItem={focusFirstItem}
        triggerClass={triggerClass}
      />
    </Suspense>
  );
}
