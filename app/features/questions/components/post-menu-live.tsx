// The Radix part of the three-dot menu (post-menu.tsx), in a module of its own: it is fetched when a reader
// first reaches for a menu, so Radix's menu stays out of the question page's JavaScript (ADR 030).
import { DropdownMenu } from "radix-ui";
import type { RefObject } from "react";
import { Link } from "react-router";
import { closeOnTab, focusFirstItemOnOpen, type LiveMenuProps } from "#app/components/lazy-menu.tsx";
import { DotsIcon } from "./icons.tsx";

export type LivePostMenuProps = LiveMenuProps & {
  triggerRef: RefObject<HTMLButtonElement | null>;
  triggerClass: string;
  itemBase: string;
  itemClass: string;
  editHref?: string;
  editLabel?: string;
  canDelete: boolean;
  mayFlag: boolean;
  signedIn: boolean;
  signInHref: string;
  /** The id of the form "Transformar em post" submits, when the viewer may (post-menu.tsx). */
  turnIntoPostForm?: string;
  onCopy: () => void;
  onDialog: (dialog: "delete" | "flag") => void;
  /** A pointer or the focus on Sinalizar: its dialog's module starts loading. */
  onFlagIntent: () => void;
};

export default function LivePostMenu({
  open,
  onOpenChange,
  triggerRef,
  focusFirstItem,
  triggerClass,
  itemBase,
  itemClass,
  editHref,
  editLabel = "Editar",
  canDelete,
  mayFlag,
  signedIn,
  signInHref,
  turnIntoPostForm,
  onCopy,
  onDialog,
  onFlagIntent,
}: LivePostMenuProps) {
  return (
    <DropdownMenu.Root modal={false} open={open} onOpenChange={onOpenChange}>
      <DropdownMenu.Trigger ref={triggerRef} aria-label="Mais ações" className={triggerClass}>
        <DotsIcon />
      </DropdownMenu.Trigger>
      <DropdownMenu.Portal>
        <DropdownMenu.Content
          align="end"
          sideOffset={4}
          className="z-[1000] min-w-44 rounded-lg border border-slate-200 bg-white p-1 shadow-lg"
          onFocus={focusFirstItemOnOpen(focusFirstItem)}
          onKeyDown={closeOnTab(onOpenChange)}
        >
          {editHref ? (
            <DropdownMenu.Item asChild className={itemClass}>
              <Link to={editHref}>{editLabel}</Link>
            </DropdownMenu.Item>
          ) : null}
          {canDelete ? (
            <DropdownMenu.Item className={`${itemBase} text-red-700`} onSelect={() => onDialog("delete")}>
              Excluir
            </DropdownMenu.Item>
          ) : null}
          {turnIntoPostForm ? (
            // The item leaves the page as the menu closes, before a submit button's own click would send
            // its form: the form (rendered beside the menu, post-menu.tsx) is sent from here instead.
            <DropdownMenu.Item
              className={itemClass}
              onSelect={() => {
                const form = document.getElementById(turnIntoPostForm);
                if (form instanceof HTMLFormElement) form.requestSubmit();
              }}
            >
              Transformar em post
            </DropdownMenu.Item>
          ) : null}
          <DropdownMenu.Item className={itemClass} onSelect={onCopy}>
            Copiar link
          </DropdownMenu.Item>
          {!mayFlag ? null : signedIn ? (
            <DropdownMenu.Item
              className={itemClass}
              onSelect={() => onDialog("flag")}
              onPointerEnter={onFlagIntent}
              onFocus={onFlagIntent}
            >
              Sinalizar
            </DropdownMenu.Item>
          ) : (
            <DropdownMenu.Item asChild className={itemClass}>
              <Link to={signInHref}>Sinalizar</Link>
            </DropdownMenu.Item>
          )}
        </DropdownMenu.Content>
      </DropdownMenu.Portal>
    </DropdownMenu.Root>
  );
}
