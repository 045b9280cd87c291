// Signed-in controls of the header: the avatar button "Menu do usuário" (Ver Perfil, Sair) and the bell.
// Sair opens the logout dialog, which lives with the auth pieces (see LogoutDialog).
import { DropdownMenu } from "radix-ui";
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

export function UserMenu({ viewer, onSignOut }: { viewer: Viewer; onSignOut: () => void }) {
  return (
    <DropdownMenu.Root>
      <DropdownMenu.Trigger
        aria-label="Menu do usuário"
        className="focus-visible:outline-primary rounded-full focus-visible:outline-2 focus-visible:outline-offset-2"
      >
        <AvatarImage src={viewer.avatarUrl} size="sm" />
      </DropdownMenu.Trigger>
      <DropdownMenu.Portal>
        <DropdownMenu.Content
          align="end"
          sideOffset={8}
          className="z-[1000] min-w-44 rounded-lg border border-slate-200 bg-white p-1 text-sm shadow-lg"
        >
          <DropdownMenu.Label className="px-3 py-2 text-xs text-slate-600">{viewer.name}</DropdownMenu.Label>
          <DropdownMenu.Item
            asChild
            className="data-[highlighted]:bg-primary-light block cursor-pointer rounded px-3 py-2 text-slate-800 outline-none"
          >
            <Link to={href("/u/:handle", { handle: viewer.handle })}>Ver Perfil</Link>
          </DropdownMenu.Item>
          <DropdownMenu.Item
            onSelect={onSignOut}
            className="data-[highlighted]:bg-primary-light cursor-pointer rounded px-3 py-2 text-slate-800 outline-none"
          >
            Sair
          </DropdownMenu.Item>
        </DropdownMenu.Content>
      </DropdownMenu.Portal>
    </DropdownMenu.Root>
  );
}
