// The Radix part of the avatar menu (user-menu.tsx), in a module of its own: fetched when the member first
// reaches for the avatar, so Radix's menu stays out of every page's JavaScript (ADR 030).
import { DropdownMenu } from "radix-ui";
import { Link } from "react-router";
import { AvatarImage } from "#app/components/avatar.tsx";
import { closeOnTab, focusFirstItemOnOpen, type LiveMenuProps } from "#app/components/lazy-menu.tsx";
import { memberLinks } from "./member-links.ts";
import type { Viewer } from "#app/lib/viewer.ts";

export default function LiveUserMenu({
  viewer,
  reviewItems,
  onSignOut,
  open,
  onOpenChange,
  focusFirstItem,
  triggerClass,
}: LiveMenuProps & {
  viewer: Viewer;
  reviewItems: number | null;
  onSignOut: () => void;
  triggerClass: string;
}) {
  return (
    <DropdownMenu.Root open={open} onOpenChange={onOpenChange}>
      <DropdownMenu.Trigger aria-label="Menu do usuário" className={triggerClass}>
        <AvatarImage src={viewer.avatarUrl} handle={viewer.handle} size="sm" />
      </DropdownMenu.Trigger>
      <DropdownMenu.Portal>
        <DropdownMenu.Content
          align="end"
          sideOffset={8}
          className="z-[1000] min-w-44 rounded-lg border border-slate-200 bg-white p-1 text-sm shadow-lg"
          onFocus={focusFirstItemOnOpen(focusFirstItem)}
          onKeyDown={closeOnTab(onOpenChange)}
        >
          <DropdownMenu.Label className="px-3 py-2 text-xs text-slate-600">{viewer.name}</DropdownMenu.Label>
          {memberLinks(viewer, reviewItems).map((link) => (
            <DropdownMenu.Item
              key={link.to}
              asChild
              className="data-[highlighted]:bg-primary-light block cursor-pointer rounded px-3 py-2 text-slate-800 outline-none"
            >
              <Link to={link.to} aria-label={link.accessibleName}>
                {link.label}
              </Link>
            </DropdownMenu.Item>
          ))}
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
