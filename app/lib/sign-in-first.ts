// A visitor's vote, favourite, like or follow: instead of leaving for /entrar and losing the click, the form
// opens the Login dialog already in the page (ADR 052) and remembers what was asked in this tab
// (sessionStorage). Once the modal has signed the person in (or up) and brought them back to the same page,
// the same fetcher sends the same form, unless the page now shows it already done (a member who had voted).
// Closing the modal forgets it. Without JavaScript the form posts as before: the action sends the visitor to
// /entrar?redirectTo=<this page> and back here afterwards.
import { useEffect, type FormEvent } from "react";
import { useLocation, useNavigate, type FetcherWithComponents } from "react-router";
import { showDialog } from "#app/components/native-dialog.tsx";
import { useRootData } from "./root-data.ts";

/** The Login dialog every visitor's page carries (features/accounts' auth modal renders it under this id). */
export const SIGN_IN_DIALOG_ID = "dialogo-login";

function signInDialogOpen(): boolean {
  const dialog = document.getElementById(SIGN_IN_DIALOG_ID);
  return dialog instanceof HTMLDialogElement && dialog.open;
}

const STORAGE_KEY = "sdd:depois-de-entrar";
/** Past this, a remembered action is not carried out (the person has long moved on). */
const MAX_AGE_MS = 30 * 60 * 1000;

/** What the visitor asked for: which control (its fetcher's key), on which page, and the form it sent. */
export type PendingAction = {
  key: string;
  page: string;
  action: string;
  fields: [string, string][];
  at: number;
};

function readPending(): PendingAction | null {
  try {
    const raw = window.sessionStorage.getItem(STORAGE_KEY);
    return raw ? (JSON.parse(raw) as PendingAction) : null;
  } catch {
    return null;
  }
}

function writePending(pending: PendingAction | null) {
  try {
    if (pending) window.sessionStorage.setItem(STORAGE_KEY, JSON.stringify(pending));
    else window.sessionStorage.removeItem(STORAGE_KEY);
  } catch {
    // Storage refused (private mode, quota): the modal still opens; the click is simply not replayed.
  }
}

/** The remembered action for control `key` on `page`, if it is still fresh. */
export function pendingFor(
  pending: PendingAction | null,
  key: string,
  page: string,
  now = Date.now(),
): PendingAction | null {
  if (!pending || pending.key !== key || pending.page !== page) return null;
  return now - pending.at <= MAX_AGE_MS ? pending : null;
}

/** The sign-in modal over the current page (the parameter of features/accounts' auth-urls.ts). */
export function signInModalHref({ pathname, search }: { pathname: string; search: string }) {
  const params = new URLSearchParams(search);
  params.set("auth", "signIn");
  params.delete("token");
  return `${pathname}?${params.toString()}`;
}

/**
 * For a member-only control posted through `fetcher`: returns the form's `onSubmit`. `alreadyDone` says
 * whether the page, as the signed-in member sees it, already shows the remembered form's effect (then it is
 * not sent, so a toggle is not undone).
 */
export function useSignInFirst(
  fetcher: Pick<FetcherWithComponents<unknown>, "submit">,
  key: string,
  alreadyDone?: (form: FormData) => boolean,
) {
  const signedIn = Boolean(useRootData()?.viewer);
  const location = useLocation();
  const navigate = useNavigate();
  const modalOpen = new URLSearchParams(location.search).has("auth");

  useEffect(() => {
    const pending = pendingFor(readPending(), key, location.pathname);
    if (!pending) return;
    if (!signedIn) {
      // The modal was closed without signing in: forget the click.
      if (!modalOpen && !signInDialogOpen()) writePending(null);
      return;
    }
    writePending(null);
    const form = new FormData();
    for (const [name, value] of pending.fields) form.append(name, value);
    if (alreadyDone?.(form)) return;
    void fetcher.submit(form, { method: "post", action: pending.action, preventScrollReset: true });
    // At every navigation that lands (closing the modal may cancel its opening before that landed, so the
    // address never showed it open), and when who is signed in changes; `fetcher` and `alreadyDone` are read
    // at that moment.
  }, [signedIn, modalOpen, key, location.pathname, location.key]);

  return (event: FormEvent<HTMLFormElement>) => {
    if (signedIn) return;
    event.preventDefault();
    const formElement = event.currentTarget;
    const submitter = (event.nativeEvent as SubmitEvent).submitter;
    const fields = [...new FormData(formElement, submitter).entries()].flatMap(([name, value]) =>
      typeof value === "string" && name !== "redirectTo" ? [[name, value] as [string, string]] : [],
    );
    writePending({
      key,
      page: location.pathname,
      action: formElement.getAttribute("action") ?? `${location.pathname}${location.search}`,
      fields,
      at: Date.now(),
    });
    // The Login dialog is already in the page: it opens in this frame, with no navigation (which would render
    // the page again under the form being typed into). Closing it without signing in forgets the click; signing
    // in brings the person back to this page, where the effect above sends it.
    const dialog = document.getElementById(SIGN_IN_DIALOG_ID);
    if (dialog instanceof HTMLDialogElement) {
      // Switching to Cadastro closes Login but keeps the click: only no sign-in dialog left open forgets it.
      const forgetUnlessStillSigningIn = () => {
        const stillOpen = document.querySelector('dialog[open][id^="dialogo-"]');
        if (stillOpen) stillOpen.addEventListener("close", forgetUnlessStillSigningIn, { once: true });
        else writePending(null);
      };
      dialog.addEventListener("close", forgetUnlessStillSigningIn, { once: true });
      showDialog(SIGN_IN_DIALOG_ID);
      return;
    }
    void navigate(signInModalHref(location), { preventScrollReset: true });
  };
}
