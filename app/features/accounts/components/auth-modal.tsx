// Spec §Auth modal: one Radix dialog with four modes, opened by `?auth=<mode>` on any page of the site layout,
// so it is rendered on the server and works before JavaScript. Closing it (overlay, Escape, the close link)
// removes the parameter and gives focus back to what opened it. The brand logo and the mascot show beside the
// form only when the window is wider than 1070 px.
//
// The forms (and the validation libraries behind them) are a separate module, loaded when the modal first
// opens or when the reader reaches for a link that opens it: the layout is on every page, and most visits
// never sign in (ADR 030: they are not part of a read page's JavaScript). The server loads them at start, so its render never waits for them (and the modal still works before
// and without JavaScript).
import { Dialog } from "radix-ui";
import { Suspense, use, useEffect, useId, useRef, type ReactNode, type RefObject } from "react";
import { Link, useLocation, useNavigate, useNavigation } from "react-router";
import { CloseIcon, Logo } from "#app/components/icons.tsx";
import type { AuthViewProps, RecoveryState } from "./auth-forms.tsx";
import { authModalHref, authPageHref, isAuthMode, returnPathOf, type AuthMode } from "./auth-urls.ts";

export const AUTH_TITLES: Record<AuthMode, string> = {
  signIn: "Login",
  signUp: "Cadastro",
  forgot: "Esqueceu a sua senha?",
  recovery: "Recuperar senha",
};

export const UNKNOWN_MODE_MESSAGE = "Tipo de formulário não selecionado";

/** The logo and the mascot, beside the form on wide windows only (> 1070 px). */
export function AuthBrand() {
  return (
    <div className="bg-primary logo:flex hidden flex-col items-center justify-center gap-6 px-8 py-10 text-white">
      <Logo inverted />
      <img src="/images/mascote.svg" alt="" width={320} height={260} className="h-auto w-64" />
      <p className="max-w-64 text-center text-sm text-white/90">
        Todo dev precisa de uma ajuda de vez em quando. Aqui, a gente se ajuda.
      </p>
    </div>
  );
}

/** What takes the focus when a form shows: its first field (or, with none, its first button). */
export const FIRST_FIELD = "form input:not([type=hidden]), form select, form textarea, form button";

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

// The server never waits for the forms; a page opened with the modal showing fetches them at once.
if (import.meta.env.SSR || new URLSearchParams(window.location.search).has("auth")) void loadAuthForms();

/**
 * The form of one mode, from the forms module (suspends only while it is on its way). When it arrives after
 * the dialog opened, its first field takes the focus the dialog would have given it, unless the reader has
 * moved on.
 */
function LoadedAuthForm({
  dialog,
  focusOnArrival,
  ...props
}: AuthViewProps & { dialog: RefObject<HTMLElement | null>; focusOnArrival: RefObject<boolean> }) {
  const { AuthForm } = use(loadAuthForms());
  // Switching modes (Login → Cadastro) replaces the form under the link just followed: its first field takes
  // the focus, which would otherwise fall back to the page.
  const shownMode = useRef(props.mode);
  useEffect(() => {
    if (shownMode.current === props.mode) return;
    shownMode.current = props.mode;
    dialog.current?.querySelector<HTMLElement>(FIRST_FIELD)?.focus();
  }, [dialog, props.mode]);
  useEffect(() => {
    if (!focusOnArrival.current) return;
    focusOnArrival.current = false;
    const content = dialog.current;
    if (!content || document.activeElement !== content) return;
    content.querySelector<HTMLElement>(FIRST_FIELD)?.focus();
  }, [dialog, focusOnArrival]);
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

/** Focus goes back to what opened the modal, or to the menu button when that is hidden now. */
function focusBack(previous: HTMLElement | null) {
  const visible = (element: Element | null): element is HTMLElement =>
    element instanceof HTMLElement && element.isConnected && element.getClientRects().length > 0;
  if (visible(previous)) return previous.focus();
  const menuButton = document.querySelector('[aria-controls="menu-movel"]');
  if (visible(menuButton)) return menuButton.focus();
  document.getElementById("conteudo")?.focus();
}

export function AuthModal({
  signedIn,
  recoveryState,
}: {
  /** Signed-in members see only the recovery mode (a reset link opened in a signed-in browser). */
  signedIn: boolean;
  recoveryState: RecoveryState | null;
}) {
  const navigation = useNavigation();
  // The modal follows the address the reader is going to, not only the one the page has: a tap on Login (or on
  // the close button) answers at once, while the page's loaders revalidate behind it (ADR 030).
  const current = useLocation();
  const location =
    navigation.location && navigation.location.pathname === current.pathname ? navigation.location : current;
  const navigate = useNavigate();
  const titleId = useId();
  const opener = useRef<HTMLElement | null>(null);
  const content = useRef<HTMLDivElement>(null);
  const focusOnArrival = useRef(false);
  const params = new URLSearchParams(location.search);
  const raw = params.get("auth");
  const mode = isAuthMode(raw) ? raw : null;
  const open = raw !== null && (!signedIn || mode === "recovery");
  const closeHref = returnPathOf(location);

  // Fetch the forms when a pointer, a touch or the focus reaches a link that opens the modal, so opening it
  // rarely waits for them; a tap that beats them opens the dialog at once with "Carregando…".
  useEffect(() => {
    if (authFormsLoaded()) return;
    const reachFor = (event: Event) => {
      if ((event.target as Element | null)?.closest?.('a[href*="auth="]')) void loadAuthForms();
    };
    const types = ["pointerover", "touchstart", "focusin"];
    for (const type of types) document.addEventListener(type, reachFor, { capture: true, passive: true });
    return () => {
      for (const type of types) document.removeEventListener(type, reachFor, { capture: true });
    };
  }, []);

  const hrefs = {
    signIn: authModalHref(location, "signIn"),
    signUp: authModalHref(location, "signUp"),
    forgot: authModalHref(location, "forgot"),
  };

  const close = (
    <Link
      to={closeHref}
      replace
      preventScrollReset
      aria-label="Fechar"
      className="-mt-1 -mr-2 shrink-0 rounded-md p-2 text-slate-600 hover:bg-slate-100 hover:text-slate-900"
    >
      <CloseIcon />
    </Link>
  );

  return (
    <Dialog.Root
      open={open}
      onOpenChange={(next) => {
        if (!next) void navigate(closeHref, { replace: true, preventScrollReset: true });
      }}
    >
      {/* No portal: the dialog is part of the server-rendered page, so it shows before JavaScript. */}
      <Dialog.Overlay className="fixed inset-0 z-[1100] bg-slate-900/60" />
      <Dialog.Content
        aria-labelledby={titleId}
        aria-describedby={undefined}
        aria-modal="true"
        ref={content}
        onOpenAutoFocus={(event) => {
          opener.current = document.activeElement instanceof HTMLElement ? document.activeElement : null;
          // The first field takes the focus ("Nome Social", "Email"), not the close button Radix would pick.
          // With the form still on its way, the dialog itself holds it; the form takes it on arrival.
          event.preventDefault();
          const field = content.current?.querySelector<HTMLElement>(FIRST_FIELD);
          focusOnArrival.current = !field;
          (field ?? content.current)?.focus();
        }}
        onCloseAutoFocus={(event) => {
          event.preventDefault();
          focusBack(opener.current);
        }}
        className="logo:max-w-4xl fixed top-1/2 left-1/2 z-[1101] max-h-[calc(100dvh-2rem)] w-[calc(100%-2rem)] max-w-md -translate-x-1/2 -translate-y-1/2 overflow-y-auto rounded-xl focus:outline-none"
      >
        {mode ? (
          <AuthFrame
            title={
              <Dialog.Title id={titleId} className={titleClass}>
                {AUTH_TITLES[mode]}
              </Dialog.Title>
            }
            close={close}
          >
            <Suspense fallback={<p role="status">Carregando…</p>}>
              <LoadedAuthForm
                dialog={content}
                focusOnArrival={focusOnArrival}
                mode={mode}
                variant="modal"
                redirectTo={closeHref}
                hrefs={hrefs}
                recovery={{ token: params.get("token") ?? "", state: recoveryState ?? { valid: false } }}
              />
            </Suspense>
          </AuthFrame>
        ) : (
          <div className="rounded-xl bg-white p-6 shadow-xl">
            <div className="flex items-start justify-between gap-4">
              <Dialog.Title id={titleId} className="text-lg font-semibold text-slate-900">
                {UNKNOWN_MODE_MESSAGE}
              </Dialog.Title>
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
      </Dialog.Content>
    </Dialog.Root>
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
