// After a failed submit, the focus goes to the first field the form marks invalid: one hook in the root for
// every form, whether the browser-side validation refused it (Conform) or the server answered with errors (a
// fetcher, a navigation, or a form that only the server validates). Conform focuses on its own too, but only
// form controls with the field's name: a rich-text editor or the tag selector sends a hidden input, which
// cannot take the focus; this finds the visible control that carries `aria-invalid` instead.
//
// A form answered on the same page (a saved setting, a posted comment, a refusal that names no field) keeps
// the focus where it was: the button that sent it is disabled while the form is on its way, and the browser
// drops the focus of a disabled button to the page's start. It goes back to that button, or to the form.
import { useEffect, useRef, useState } from "react";
import { useFetchers, useNavigation } from "react-router";

/** The first control of `form` marked invalid that can take the focus, in the page's order. */
function firstInvalidField(form: ParentNode): HTMLElement | null {
  for (const element of form.querySelectorAll<HTMLElement>('[aria-invalid="true"]')) {
    if (element.matches(":disabled") || element.closest("[hidden], [inert]")) continue;
    if (element.getClientRects().length === 0) continue;
    return element;
  }
  return null;
}

/** Where the focus can be: connected, enabled, shown. */
function canTakeFocus(element: Element | null | undefined): element is HTMLElement {
  return (
    element instanceof HTMLElement &&
    element.isConnected &&
    !element.matches(":disabled") &&
    !element.closest("[hidden], [inert]") &&
    element.getClientRects().length > 0
  );
}

/** Gives the focus back after a submission answered on the page left it nowhere (on the page's start). */
function restoreLostFocus(form: HTMLFormElement, submitter: HTMLElement | null) {
  const active = document.activeElement;
  if (active && active !== document.body) return;
  const candidates = [
    submitter,
    form.querySelector("input:not([type=hidden]), textarea, select, [contenteditable=true]"),
    // A form that closed its disclosure as it was sent: the disclosure's own toggle.
    form.closest("details")?.querySelector(":scope > summary"),
  ];
  const target = candidates.find(canTakeFocus);
  target?.focus({ preventScroll: true });
}

/** The name of the button Conform submits with when it validates one field (`@conform-to/dom`'s INTENT). */
const CONFORM_INTENT = "__intent__";

/** How many frames to look for the errors once the submission has settled (they render just after). */
const FRAMES_TO_WAIT = 10;

/** Rendered once, beside the root's outlet (its own component, so the router's busy states re-render only it). */
export function FocusFirstErrorAfterSubmit() {
  const navigation = useNavigation();
  const fetchers = useFetchers();
  const busy = navigation.state !== "idle" || fetchers.some((fetcher) => fetcher.state !== "idle");
  const submitted = useRef<{
    form: HTMLFormElement;
    submitter: HTMLElement | null;
    sawBusy: boolean;
  } | null>(null);
  const [submits, setSubmits] = useState(0);

  useEffect(() => {
    const onSubmit = (event: Event) => {
      if (!(event.target instanceof HTMLFormElement)) return;
      // Conform validates a field on blur (or on input) by submitting the form with a hidden button named
      // "__intent__": that is no submit by the person, and the focus must stay where they moved it.
      const submitter = (event as SubmitEvent).submitter;
      if (submitter instanceof HTMLButtonElement && submitter.name === CONFORM_INTENT) return;
      submitted.current = {
        form: event.target,
        submitter: submitter instanceof HTMLElement ? submitter : null,
        sawBusy: false,
      };
      setSubmits((count) => count + 1);
    };
    // Capturing: it sees the submit before React Router or Conform take it over.
    document.addEventListener("submit", onSubmit, true);
    return () => document.removeEventListener("submit", onSubmit, true);
  }, []);

  useEffect(() => {
    const pending = submitted.current;
    if (!pending) return;
    if (busy) {
      pending.sawBusy = true;
      return;
    }
    // Refused in the browser, or answered: the errors show within a few frames (Conform renders them after
    // the answer arrives).
    let frames = 0;
    let frame = 0;
    const look = () => {
      if (submitted.current !== pending) return;
      const field = pending.form.isConnected ? firstInvalidField(pending.form) : null;
      if (field) {
        submitted.current = null;
        if (!field.contains(document.activeElement)) field.focus();
        return;
      }
      if (++frames < FRAMES_TO_WAIT) frame = requestAnimationFrame(look);
      // Sent and answered without errors: done. (Not sent yet: the submission may still be on its way.)
      else if (pending.sawBusy || !pending.form.isConnected) {
        submitted.current = null;
        if (pending.form.isConnected) restoreLostFocus(pending.form, pending.submitter);
      }
    };
    frame = requestAnimationFrame(look);
    return () => cancelAnimationFrame(frame);
  }, [busy, submits]);
  return null;
}
