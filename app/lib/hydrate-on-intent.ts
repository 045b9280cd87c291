// Hydration on intent for visitors (ADR 014). A visitor who only reads never downloads React: the server
// renders the page, parks React Router's module script and module preloads (see hydrate-on-intent.server.ts)
// and inlines `hydrateOnIntent` below. The first sign that the visitor is about to use the page (pointer or
// keyboard on a control, a touch, focus) fetches the scripts and hydrates; a click or submit that happens
// before hydration is held and replayed once React owns the page, so every control behaves exactly as it
// does on a fully hydrated page.

/** The element types the server gives parked scripts and preloads, so the browser neither runs nor fetches them. */
export const PARKED_SCRIPT_TYPE = "sdd/parked-module";
export const PARKED_PRELOAD_REL = "sdd-parked-modulepreload";

/** A route that must come alive on load (an animation that is the page) says so in its handle. */
export type HydrationHandle = { hydration?: "on-load" };

/**
 * Called by the root route's first effect: React has hydrated the document. Marks `<html data-hydrated>`
 * (a hook for tests and styles) and releases what the loader held.
 */
export function announceHydrated() {
  document.documentElement.dataset.hydrated = "true";
  (window as Window & { __sddHydrated?: () => void }).__sddHydrated?.();
}

/**
 * Runs in the browser as an inline script (serialised with `Function.prototype.toString`), so it must not
 * refer to anything outside its own body. Strings here repeat PARKED_SCRIPT_TYPE and PARKED_PRELOAD_REL on
 * purpose; a unit test keeps them in step.
 */
export function hydrateOnIntent() {
  const INTERACTIVE = 'a[href], button, summary, label, select, input, textarea, [role="button"]';
  const TEXT_ENTRY =
    "input:not([type=checkbox]):not([type=radio]):not([type=submit]):not([type=button]), textarea";
  let state: "idle" | "loading" | "hydrated" = "idle";
  let replay: (() => void) | null = null;
  let fallback: (() => void) | null = null;

  function load() {
    if (state !== "idle") return;
    state = "loading";
    for (const parked of document.querySelectorAll<HTMLLinkElement>('link[rel="sdd-parked-modulepreload"]')) {
      const link = document.createElement("link");
      link.rel = "modulepreload";
      link.href = parked.href;
      link.nonce = parked.nonce;
      parked.replaceWith(link);
    }
    for (const parked of document.querySelectorAll<HTMLScriptElement>('script[type="sdd/parked-module"]')) {
      const script = document.createElement("script");
      script.type = "module";
      script.nonce = parked.nonce;
      script.textContent = parked.textContent;
      script.addEventListener("error", () => fallback?.());
      parked.replaceWith(script);
    }
  }

  // React ignores what was typed before it hydrated (it keeps the text but not its state): hand each edited
  // field's value to React as a fresh input or change event.
  function handOverEditedFields() {
    for (const field of document.querySelectorAll<HTMLInputElement | HTMLTextAreaElement>(TEXT_ENTRY)) {
      if (field.value === field.defaultValue) continue;
      const typed = field.value;
      const nativeSetter = Object.getOwnPropertyDescriptor(Object.getPrototypeOf(field), "value")?.set;
      field.value = field.defaultValue; // through React's tracker: it now remembers the server's value
      nativeSetter?.call(field, typed); // the DOM gets the typed text back without telling the tracker
      field.dispatchEvent(new Event("input", { bubbles: true }));
    }
    for (const select of document.querySelectorAll("select")) {
      if ([...select.options].some((option) => option.selected !== option.defaultSelected)) {
        select.dispatchEvent(new Event("change", { bubbles: true }));
      }
    }
  }

  (window as Window & { __sddHydrated?: () => void }).__sddHydrated = () => {
    if (state === "hydrated") return;
    state = "hydrated";
    handOverEditedFields();
    const pending = replay;
    replay = null;
    fallback = null;
    pending?.();
  };

  function hold(action: () => void, nativeFallback: (() => void) | null) {
    replay = action;
    fallback = nativeFallback;
    load();
    if (nativeFallback) {
      // Scripts that never arrive must not leave a link dead: after a while the browser just follows it.
      setTimeout(() => {
        if (state !== "hydrated" && replay === action) nativeFallback();
      }, 5000);
    }
  }

  const startLoading = () => load();
  for (const type of ["pointerdown", "touchstart", "keydown", "focusin"]) {
    addEventListener(type, startLoading, { capture: true, passive: true });
  }
  // A pointer resting on a control is the earliest sign of intent on desktop.
  addEventListener(
    "pointerover",
    (event) => {
      if ((event.target as Element | null)?.closest?.(INTERACTIVE)) load();
    },
    { capture: true, passive: true },
  );

  addEventListener(
    "click",
    (event) => {
      if (state === "hydrated" || event.defaultPrevented) return;
      if (event.button !== 0 || event.metaKey || event.ctrlKey || event.shiftKey || event.altKey) return;
      const control = (event.target as Element | null)?.closest?.<HTMLElement>(INTERACTIVE);
      if (!control || control.matches(TEXT_ENTRY) || control instanceof HTMLSelectElement) return;
      if (control instanceof HTMLLabelElement && control.control?.matches(TEXT_ENTRY)) return;
      if (control instanceof HTMLAnchorElement) {
        const browserAlone =
          control.origin !== location.origin ||
          (control.target !== "" && control.target !== "_self") ||
          control.hasAttribute("download") ||
          // A jump within this page (the skip link, an answer's anchor) needs no app.
          (control.hash !== "" &&
            control.pathname === location.pathname &&
            control.search === location.search);
        if (browserAlone) return;
      }
      event.preventDefault();
      event.stopImmediatePropagation();
      const href = control instanceof HTMLAnchorElement ? control.href : null;
      hold(() => control.click(), href ? () => location.assign(href) : null);
    },
    true,
  );

  // A form submitted without a click (Enter in a form with no submit button) waits for React the same way.
  addEventListener(
    "submit",
    (event) => {
      if (state === "hydrated") return;
      const form = event.target as HTMLFormElement;
      const submitter = (event as SubmitEvent).submitter;
      event.preventDefault();
      event.stopImmediatePropagation();
      hold(
        () => form.requestSubmit(submitter),
        () => form.submit(),
      );
    },
    true,
  );
}
