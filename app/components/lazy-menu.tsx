// The "lazy menu" of ADR 030, shared by the avatar menu and the three-dot menu of posts: a plain button with the
// trigger's name and ARIA stands in for Radix's DropdownMenu.Trigger, opens on the gestures Radix opens on (and
// on a bare click, which is all some assistive technology sends), and mounts the Radix menu, already open, on
// the first press; a pointer or the focus on it starts fetching that. This module must not import Radix: it
// ships with the page, the menu's live module does not.
import {
  useRef,
  useState,
  type ComponentProps,
  type FocusEvent,
  type KeyboardEvent,
  type RefObject,
} from "react";

/** The keys that open a Radix menu from its trigger. */
const OPEN_KEYS = ["Enter", " ", "ArrowDown"];

/** What the plain half hands the live half (the Radix menu) of a lazy menu. */
export type LiveMenuProps = {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  /** Set when the menu was opened from the keyboard: the first item takes the focus. */
  focusFirstItem: RefObject<boolean>;
};

/**
 * The state of a lazy menu and the props of its plain trigger (spread them on a `<button>` with its own
 * aria-label, class and content). `load` starts fetching the live module; `live` says when to render it, with
 * `liveProps`.
 */
export function useLazyMenu(load: () => void) {
  // False until the member first reaches for the menu; from then on the Radix menu stays mounted.
  const [live, setLive] = useState(false);
  const [open, setOpen] = useState(false);
  // Radix moves focus to the first item only when it saw the keystroke itself, and its listener is not there
  // yet when the plain button is pressed: the first keyboard (or click-only) opening does it in the live menu.
  const focusFirstItem = useRef(false);
  const goLive = (fromKeyboard: boolean) => {
    focusFirstItem.current = fromKeyboard;
    setLive(true);
    setOpen(true);
  };
  // It keeps aria-haspopup="menu": a visitor's click before hydration is replayed to it as a pointerdown
  // (hydrate-on-intent.ts).
  const triggerProps = {
    type: "button",
    "aria-haspopup": "menu",
    "aria-expanded": "false",
    onPointerEnter: load,
    onFocus: load,
    onPointerDown: (event) => {
      if (event.button !== 0 || event.ctrlKey) return;
      // As Radix does: the button does not take focus, so the menu content can.
      event.preventDefault();
      goLive(false);
    },
    onKeyDown: (event) => {
      if (!OPEN_KEYS.includes(event.key)) return;
      // No scrolling, and no click from Enter or Space.
      event.preventDefault();
      goLive(true);
    },
    onClick: () => goLive(true),
  } satisfies ComponentProps<"button">;
  const liveProps: LiveMenuProps = { open, onOpenChange: setOpen, focusFirstItem };
  return { live, liveProps, triggerProps };
}

/**
 * The `onFocus` of the live menu's DropdownMenu.Content: Radix focuses the content itself on opening; on the
 * first keyboard opening, this hands the focus on to the first item.
 */
export function focusFirstItemOnOpen(focusFirstItem: RefObject<boolean>) {
  return (event: FocusEvent<HTMLElement>) => {
    if (!focusFirstItem.current || event.target !== event.currentTarget) return;
    focusFirstItem.current = false;
    event.currentTarget.querySelector<HTMLElement>('[role="menuitem"]')?.focus({ preventScroll: true });
  };
}

/**
 * The `onKeyDown` of the live menu's DropdownMenu.Content: Tab closes the menu, as a menu button's Tab does
 * (WAI-ARIA's pattern). Radix keeps Tab from leaving an open menu, so the focus goes back to the trigger and the
 * next Tab goes on from there.
 */
export function closeOnTab(onOpenChange: (open: boolean) => void) {
  return (event: KeyboardEvent<HTMLElement>) => {
    if (event.key === "Tab") onOpenChange(false);
  };
}
