// Spec §Auth modal: the Login and Cadastro dialogs are in every visitor's page, closed, as the browser's own
// `<dialog>` (ADR 052): the header's buttons open them with invoker commands, so the first tap shows a form
// that can be typed into before (and without) any JavaScript, and the form posts to /entrar or /cadastro.
// `?auth=<mode>` on any page of the site layout opens one too (a link from an e-mail, a vote that asks to sign
// in, the switch between modes): the server renders it open. Closing it (Escape, a click outside, the close
// button) removes the parameter, and the browser gives focus back to what opened it. The brand logo and the
// mascot show beside the form only when the window is wider than 1070 px.
//
// The forms' code (and the validation libraries behind it) is a separate module: the server renders the forms
// into the page, the browser loads their code when it is idle after the app (or at once, when a dialog takes
// the focus), and until then the server's form is marked as awaiting its code: a tap in it waits for that code,
// as a tap before the app waits for the app (ADR 030). Without JavaScript it is plain HTML that posts natively.
import { Suspense, use, useEffect, useId, useRef, useState, type ReactNode, type RefObject } from "react";
import { useLocation, useNavigate, useNavigation, Link } from "react-router";
import { CloseIcon, Logo } from "#app/components/icons.tsx";
import { NativeDialog, closesDialog } from "#app/components/native-dialog.tsx";
import { AWAITS_CODE, announcePartHydrated } from "#app/lib/hydrate-on-intent.ts";
import { SIGN_IN_DIALOG_ID } from "#app/lib/sign-in-first.ts";
import type { AuthViewProps, RecoveryState } from "./auth-forms.tsx";
import { authModalHref, authPageHref, isAuthMode, returnPathOf, type AuthMode } from "./auth-urls.ts";

/** The dialogs every visitor's page carries, for the controls that open them. */
export const AUTH_DIALOG_IDS = { signIn: SIGN_IN_DIALOG_ID, signUp: "dialogo-cadastro" } as const;
/** The dialog of the other modes ('Esqueceu a sua senha?', 'Recuperar senha'), present only while the address asks. */
const ACCOUNT_DIALOG_ID = "dialogo-conta";

export const AUTH_TITLES: Record<AuthMode, string> = {
  signIn: "Login",
  signUp: "Cadastro",
  forgot: "Esqueceu a sua senha?",
  recovery: "Recuperar senha",
};

const UNKNOWN_MODE_MESSAGE = "Tipo de formulário não selecionado";

/** The logo and the mascot, beside the form on wide windows only (> 1070 px). */
function AuthBrand() {
  return (
    <div className="bg-primary logo:flex hidden flex-col items-center justify-center gap-6 px-8 py-10 text-white">
      <Logo inverted />
      <img src="/images/mascote.svg" alt="" width={320} height={260} loading="lazy" className="h-auto w-64" />
      <p className="max-w-64 text-center text-sm text-white/90">
        Todo dev precisa de uma ajuda de vez em quando. Aqui, a gente se ajuda.
      </p>
    </div>
  );
}

/** What takes the focus when a form shows: its first field (or, with none, its first button). */
export const FIRST_FIELD = "form input:not([type=hidden]), form select, form textarea, form button";

const CLOSE_BUTTON = 'button[aria-label="Fechar"]';

type AuthForms = typeof import("./auth-forms.tsx");
/** Marked fulfilled once loaded (React's thenable convention), so `use` reads it without suspending. */
type LoadingAuthForms = Promise<AuthForms> & { status?: "fulfilled"; value?: AuthForms };
let loadingAuthForms: LoadingAuthForms | undefined;

function loadAuthForms(): Promise<AuthForms> {
  if (!loadingAuthForms) {
    const loading: LoadingAuthForms = import("./auth-forms.tsx").then((module) => {
      Object.assign(loading, { status: "fulfilled", value: module });
      return module;
    });
    loadingAuthForms = loading;
  }
  return loadingAuthForms;
}

const authFormsLoaded = () => loadingAuthForms?.status === "fulfilled";

// The server never waits for the forms; a page opened with a dialog showing fetches them at once.
if (import.meta.env.SSR || new URLSearchParams(window.location.search).has("auth")) void loadAuthForms();

/**
 * The form of one mode, from the forms module. On a page the server rendered, the server's form stays (and
 * works as plain HTML) until the module arrives; a dialog rendered in the browser shows "Carregando…" that
 * long, and its first field then takes the focus the dialog gave itself, unless the reader has moved on.
 */
function LoadedAuthForm({
  dialog,
  onLive,
  ...props
}: AuthViewProps & { dialog: RefObject<HTMLDialogElement | null>; onLive: (live: true) => void }) {
  const { AuthForm } = use(loadAuthForms());
  useEffect(() => onLive(true), [onLive]);
  useEffect(() => {
    const element = dialog.current;
    if (!element?.open) return;
    // The browser gave the opening dialog's focus to the only control it had then (Fechar), or to itself.
    const givenByTheDialog =
      document.activeElement === element || document.activeElement === element.querySelector(CLOSE_BUTTON);
    if (element.contains(document.activeElement) && !givenByTheDialog) return;
    element.querySelector<HTMLElement>(FIRST_FIELD)?.focus();
  }, [dialog]);
  return <AuthForm {...props} />;
}

/** The visible frame: the brand column on wide windows and the form column with its title. */
export function AuthFrame({
  title,
  close,
  children,
}: {
  title: ReactNode;
  close?: ReactNode;
  children: ReactNode;
}) {
  return (
    <div className="logo:grid logo:grid-cols-2 overflow-hidden rounded-xl bg-white shadow-xl">
      <AuthBrand />
      <div className="px-6 py-6 sm:px-8 sm:py-8">
        <div className="mb-6 flex items-start justify-between gap-4">
          {title}
          {close}
        </div>
        {children}
      </div>
    </div>
  );
}

const titleClass = "text-primary text-2xl font-bold";

function AuthDialog({
  id,
  mode,
  open,
  recoveryState,
}: {
  id: string;
  /** null: the address named a mode that does not exist. */
  mode: AuthMode | null;
  /** What the address says (undefined: it names no dialog, so the buttons decide). */
  open: boolean | undefined;
  recoveryState: RecoveryState | null;
}) {
  // The dialog follows the address the reader is going to, not only the one the page has: a link to
  // `?auth=signUp` answers at once, while the page's loaders revalidate behind it (ADR 030).
  const navigation = useNavigation();
  const current = useLocation();
  const location =
    navigation.location && navigation.location.pathname === current.pathname ? navigation.location : current;
  const navigate = useNavigate();
  const followed = useRef(location);
  followed.current = location;
  const titleId = useId();
  const dialog = useRef<HTMLDialogElement | null>(null);
  // The form column stays marked until React owns the form (its code arrived and hydrated), then says so.
  const formColumn = useRef<HTMLDivElement | null>(null);
  const [formLive, setFormLive] = useState(false);
  useEffect(() => {
    if (formLive && formColumn.current) announcePartHydrated(formColumn.current);
  }, [formLive]);
  const params = new URLSearchParams(location.search);
  const closeHref = returnPathOf(location);
  const hrefs = {
    signIn: authModalHref(location, "signIn"),
    signUp: authModalHref(location, "signUp"),
    forgot: authModalHref(location, "forgot"),
  };
  const close = (
    <button
      {...closesDialog(id)}
      aria-label="Fechar"
      className="-mt-1 -mr-2 shrink-0 rounded-md p-2 text-slate-600 hover:bg-slate-100 hover:text-slate-900"
    >
      <CloseIcon />
    </button>
  );

  return (
    <NativeDialog
      id={id}
      open={open}
      dialogRef={dialog}
      labelledBy={titleId}
      onClose={() => {
        // Closed while the address (or the one being navigated to) still names this dialog: the address
        // forgets it (a dialog a button opened never put itself there, and one the address moved on from was
        // closed by that move).
        const place = followed.current;
        const named = new URLSearchParams(place.search).get("auth");
        if (named !== null && (named === mode || (mode === null && !isAuthMode(named))))
          void navigate(returnPathOf(place), { replace: true, preventScrollReset: true });
      }}
      className="logo:max-w-4xl m-auto max-h-[calc(100dvh-2rem)] w-[calc(100%-2rem)] max-w-md overflow-y-auto rounded-xl bg-transparent p-0 backdrop:bg-black/60 focus:outline-none"
    >
      {mode ? (
        <AuthFrame
          title={
            <h2 id={titleId} className={titleClass}>
              {AUTH_TITLES[mode]}
            </h2>
          }
          close={close}
        >
          <div ref={formColumn} {...(formLive ? {} : { [AWAITS_CODE]: "" })}>
            <Suspense fallback={<p role="status">Carregando…</p>}>
              <LoadedAuthForm
                dialog={dialog}
                onLive={setFormLive}
                mode={mode}
                variant="modal"
                redirectTo={closeHref}
                hrefs={hrefs}
                recovery={{ token: params.get("token") ?? "", state: recoveryState ?? { valid: false } }}
              />
            </Suspense>
          </div>
        </AuthFrame>
      ) : (
        <div className="rounded-xl bg-white p-6 shadow-xl">
          <div className="flex items-start justify-between gap-4">
            <h2 id={titleId} className="text-lg font-semibold text-slate-900">
              {UNKNOWN_MODE_MESSAGE}
            </h2>
            {close}
          </div>
          <p className="mt-4 text-sm text-slate-700">
            <Link
              to={hrefs.signIn}
              replace
              preventScrollReset
              className="text-primary font-semibold underline"
            >
              Ir para o Login
            </Link>
          </p>
        </div>
      )}
    </NativeDialog>
  );
}

/**
 * Visitors' pages carry the Login and Cadastro dialogs; the address can open those or the others (members see
 * only the recovery mode: a reset link opened in a signed-in browser).
 */
export function AuthModal({
  signedIn,
  recoveryState,
}: {
  signedIn: boolean;
  recoveryState: RecoveryState | null;
}) {
  const navigation = useNavigation();
  const current = useLocation();
  const location =
    navigation.location && navigation.location.pathname === current.pathname ? navigation.location : current;
  const named = new URLSearchParams(location.search).get("auth");
  const otherMode = named !== null && named !== "signIn" && named !== "signUp";

  // The forms' code comes when the browser is idle after the app, so an opened dialog's form is live at once;
  // a dialog that takes the focus before then (it opened, or was open) asks for it now.
  useEffect(() => {
    if (signedIn || authFormsLoaded()) return;
    const idle = window.requestIdleCallback ?? ((run: () => void) => window.setTimeout(run, 200));
    idle(() => void loadAuthForms());
    if (document.activeElement?.closest("dialog")) void loadAuthForms();
    const onFocus = (event: FocusEvent) => {
      if ((event.target as Element | null)?.closest?.("dialog")) void loadAuthForms();
    };
    document.addEventListener("focusin", onFocus);
    return () => document.removeEventListener("focusin", onFocus);
  }, [signedIn]);

  return (
    <>
      {signedIn ? null : (
        <>
          <AuthDialog
            id={AUTH_DIALOG_IDS.signIn}
            mode="signIn"
            open={named === null ? undefined : named === "signIn"}
            recoveryState={recoveryState}
          />
          <AuthDialog
            id={AUTH_DIALOG_IDS.signUp}
            mode="signUp"
            open={named === null ? undefined : named === "signUp"}
            recoveryState={recoveryState}
          />
        </>
      )}
      {otherMode && (!signedIn || named === "recovery") ? (
        <AuthDialog
          key={named}
          id={ACCOUNT_DIALOG_ID}
          mode={isAuthMode(named) ? named : null}
          open
          recoveryState={recoveryState}
        />
      ) : null}
    </>
  );
}

/** The full pages' links to the other modes, keeping where to come back to. */
export function authPageHrefs(redirectTo: string) {
  return {
    signIn: authPageHref("signIn", redirectTo),
    signUp: authPageHref("signUp", redirectTo),
    forgot: authPageHref("forgot", redirectTo),
  };
}
