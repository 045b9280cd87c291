// Hydration on intent, and on idle, for visitors (ADR 014, ADR 030). The server renders the page, parks React
// Router's module script and module preloads (see hydrate-on-intent.server.ts) and inlines `hydrateOnIntent`
// below, so the first paint never waits for JavaScript. Once the page has loaded and the browser is idle, or
// at the first sign that the visitor is about to use the page (pointer or keyboard on a control, a touch,
// focus), whichever comes first, the scripts are fetched and React hydrates: usually before the first tap. A
// click or submit that still comes before hydration is marked pending at once (visible feedback within a
// frame) and replayed once React owns the page, so every control behaves as it does on a hydrated page. A part
// of the page whose code comes after the app (the Login and Cadastro forms) is marked `AWAITS_CODE` until React
// owns it too: a tap in it waits the same way, for that code.

/** The element types the server gives parked scripts and preloads, so the browser neither runs nor fetches them. */
export const PARKED_SCRIPT_TYPE = "sdd/parked-module";
export const PARKED_PRELOAD_REL = "sdd-parked-modulepreload";
/** The attribute of a part of the page that stays the server's HTML until its own code arrives, after the app. */
export const AWAITS_CODE = "data-sdd-awaits-code";

/** A route that must come alive on load (an animation that is the page) says so in its handle. */
export type HydrationHandle = { hydration?: "on-load" };

type HydrationHooks = Window & { __sddHydrated?: (part?: Element) => void };

/**
 * Called by the root route's first effect: React has hydrated the document. Marks `<html data-hydrated>`
 * (a hook for tests and styles) and releases what the loader held.
 */
export function announceHydrated() {
  document.documentElement.dataset.hydrated = "true";
  (window as HydrationHooks).__sddHydrated?.();
}

/**
 * Called once React owns a part that was marked `AWAITS_CODE` (and the mark is gone): what was typed in it is
 * handed to React, and a tap it held is carried out.
 */
export function announcePartHydrated(part: Element) {
  (window as HydrationHooks).__sddHydrated?.(part);
}

/**
 * Runs in the browser as an inline script (serialised with `Function.prototype.toString`), so it must not
 * refer to anything outside its own body. Strings here repeat PARKED_SCRIPT_TYPE and PARKED_PRELOAD_REL on
 * purpose; a unit test keeps them in step.
 */
export function hydrateOnIntent() {
  const INTERACTIVE = 'a[href], button, summary, label, select, input, textarea, [role="button"]';
  const AWAITING = "[data-sdd-awaits-code]";
  const TEXT_ENTRY =
    "input:not([type=checkbox]):not([type=radio]):not([type=submit]):not([type=button]), textarea";
  // "gave-up": the scripts failed or never came; from then on the browser handles everything natively.
  let state: "idle" | "loading" | "hydrated" | "gave-up" = "idle";
  const awaitsCode = (element: Element | null | undefined) => Boolean(element?.closest?.(AWAITING));
  // Set while the browser carries out a held action natively (its code never came): the listeners let it pass.
  let passThrough = false;
  const holding = (target: EventTarget | null) =>
    !passThrough &&
    (state === "idle" ||
      state === "loading" ||
      (state === "hydrated" && awaitsCode(target as Element | null)));
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
      script.addEventListener("error", () => (fallback ? fallback() : (state = "gave-up")));
      parked.replaceWith(script);
    }
  }

  // React ignores what was typed before it hydrated (it keeps the text but not its state): hand each edited
  // field's value to React as a fresh input or change event.
  function handOverEditedFields(within: ParentNode) {
    for (const field of within.querySelectorAll<HTMLInputElement | HTMLTextAreaElement>(TEXT_ENTRY)) {
      if (field.type === "file" || field.value === field.defaultValue) continue;
      const typed = field.value;
      const nativeSetter = Object.getOwnPropertyDescriptor(Object.getPrototypeOf(field), "value")?.set;
      field.value = field.defaultValue; // through React's tracker: it now remembers the server's value
      nativeSetter?.call(field, typed); // the DOM gets the typed text back without telling the tracker
      field.dispatchEvent(new Event("input", { bubbles: true }));
    }
    for (const select of within.querySelectorAll("select")) {
      if ([...select.options].some((option) => option.selected !== option.defaultSelected)) {
        select.dispatchEvent(new Event("change", { bubbles: true }));
      }
    }
  }

  // Without `part`: React owns the page (once). With it: React now owns that part, which awaited its code.
  (window as Window & { __sddHydrated?: (part?: Element) => void }).__sddHydrated = (part) => {
    if (!part && state === "hydrated") return;
    const gaveUp = state === "gave-up";
    if (!part) state = "hydrated";
    handOverEditedFields(part ?? document);
    // A tap in a part still awaiting its code waits for that code, as it waited for the app.
    if (gaveUp || !pendingControl || awaitsCode(pendingControl)) return;
    const pending = replay;
    replay = null;
    fallback = null;
    markPending(null);
    pending?.();
  };

  // The same element after hydration: React keeps the server's nodes, but a subtree it had to render again
  // is new, so the element is found again by id or by its place in the document.
  function placeOf(element: Element): number[] {
    const place: number[] = [];
    for (let node: Element | null = element; node && node !== document.body; node = node.parentElement) {
      place.unshift(node.parentElement ? [...node.parentElement.children].indexOf(node) : 0);
    }
    return place;
  }
  function findAgain(element: HTMLElement, place: number[]): HTMLElement | null {
    if (element.isConnected) return element;
    if (element.id) return document.getElementById(element.id);
    let node: Element | undefined = document.body;
    for (const index of place) node = node?.children[index];
    return node instanceof HTMLElement && node.tagName === element.tagName ? node : null;
  }

  // The control a held click landed on shows that it was taken (styled by [data-sdd-pending] in app.css).
  let pendingControl: HTMLElement | null = null;
  function markPending(control: HTMLElement | null) {
    pendingControl?.removeAttribute("data-sdd-pending");
    pendingControl = control;
    control?.setAttribute("data-sdd-pending", "");
  }

  function hold(action: () => void, nativeFallback: (() => void) | null) {
    replay = action;
    // Run at most once, and never together with the replay: whichever comes first wins.
    const giveUp = () => {
      if (replay !== action) return;
      replay = null;
      fallback = null;
      if (state !== "hydrated") state = "gave-up";
      markPending(null);
      passThrough = true;
      try {
        nativeFallback?.();
      } finally {
        passThrough = false;
      }
    };
    fallback = giveUp;
    load();
    // Scripts that never arrive must not leave a link or a form dead: after a while the browser takes over.
    if (nativeFallback) setTimeout(giveUp, 5000);
  }

  // Once the page is shown (the frame after the document is parsed, not the load event, which waits for
  // images) and the browser has nothing better to do, the app comes anyway, so that it usually owns the page
  // before the first tap (ADR 030). A reader who asked to save data keeps intent only. Safari has no
  // requestIdleCallback: a short timeout stands in for it.
  const connection = (navigator as Navigator & { connection?: { saveData?: boolean } }).connection;
  if (!connection?.saveData) {
    const whenIdle = () =>
      requestAnimationFrame(() =>
        "requestIdleCallback" in window
          ? requestIdleCallback(() => load(), { timeout: 1000 })
          : setTimeout(() => load(), 100),
      );
    if (document.readyState === "loading") addEventListener("DOMContentLoaded", whenIdle, { once: true });
    else whenIdle();
  }

  const startLoading = () => load();
  // "change" and "input" too: a value set without pointer, key or focus (a script or an automated browser
  // choosing an option) is handed over once React is there (handOverEditedFields).
  for (const type of ["pointerdown", "touchstart", "keydown", "focusin", "change", "input"]) {
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
      if (!holding(event.target) || event.defaultPrevented) return;
      if (event.button !== 0 || event.metaKey || event.ctrlKey || event.shiftKey || event.altKey) return;
      const control = (event.target as Element | null)?.closest?.<HTMLElement>(INTERACTIVE);
      if (!control || control.matches(TEXT_ENTRY) || control instanceof HTMLSelectElement) return;
      if (control instanceof HTMLLabelElement && control.control?.matches(TEXT_ENTRY)) return;
      // A button that opens or closes a dialog by invoker command needs no app, where the browser has them.
      if (control.hasAttribute("commandfor") && "command" in HTMLButtonElement.prototype) return;
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
      const place = placeOf(control);
      const href = control instanceof HTMLAnchorElement ? control.href : null;
      const submits =
        control instanceof HTMLButtonElement && control.type === "submit" && control.form ? control : null;
      markPending(control);
      hold(
        () => {
          const target = findAgain(control, place);
          if (!target) return;
          // Menu buttons (Radix) open on pointerdown, not on click.
          if (target.getAttribute("aria-haspopup") === "menu") {
            target.dispatchEvent(
              new PointerEvent("pointerdown", {
                bubbles: true,
                cancelable: true,
                button: 0,
                pointerType: "mouse",
              }),
            );
          } else {
            target.click();
          }
        },
        href ? () => location.assign(href) : submits ? () => submits.form?.requestSubmit(submits) : null,
      );
    },
    true,
  );

  // A form submitted without a click (Enter in a form with no submit button) waits for React the same way.
  addEventListener(
    "submit",
    (event) => {
      if (!holding(event.target)) return;
      const form = event.target as HTMLFormElement;
      const submitter = (event as SubmitEvent).submitter;
      event.preventDefault();
      event.stopImmediatePropagation();
      markPending(submitter ?? form);
      hold(
        () => form.requestSubmit(submitter),
        () => form.submit(),
      );
    },
    true,
  );
}
