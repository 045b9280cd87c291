// The full pages of the auth forms (/entrar, /cadastro, /esqueci-a-senha, /recuperar-senha): the modal's frame
// in the page, for `requireViewer`'s redirects and for the forms posted without JavaScript.
import type { SubmissionResult } from "@conform-to/react";
import { useEffect, useRef } from "react";
import type { RecoveryState } from "./auth-forms.tsx";
import { AuthForm } from "./auth-forms.tsx";
import { AUTH_TITLES, AuthFrame, FIRST_FIELD, authPageHrefs } from "./auth-modal.tsx";
import type { AuthMode } from "./auth-urls.ts";

export function AuthPage({
  mode,
  redirectTo,
  notice,
  recovery,
  initialResult,
  initialMessage,
}: {
  mode: AuthMode;
  redirectTo: string;
  /** Why the person is here (e.g. "Entre para fazer uma pergunta."). */
  notice?: string | null;
  recovery?: { token: string; state: RecoveryState };
  initialResult?: SubmissionResult<string[]> | null;
  initialMessage?: string | null;
}) {
  // The page is the form: the person starts in its first field ("Nome Social", "Email"), as in the modal.
  const page = useRef<HTMLDivElement>(null);
  useEffect(() => {
    const field = page.current?.querySelector<HTMLElement>(FIRST_FIELD);
    if (field && !page.current?.contains(document.activeElement)) field.focus();
  }, [mode]);
  return (
    <div ref={page} className="logo:max-w-4xl mx-auto max-w-md px-4 py-10 sm:py-16">
      {notice ? (
        <p className="bg-primary-light text-primary mb-4 rounded-md px-4 py-3 text-sm font-medium">
          {notice}
        </p>
      ) : null}
      <AuthFrame title={<h1 className="text-primary text-2xl font-bold">{AUTH_TITLES[mode]}</h1>}>
        <AuthForm
          mode={mode}
          variant="page"
          redirectTo={redirectTo}
          hrefs={authPageHrefs(redirectTo)}
          recovery={recovery}
          initialResult={initialResult}
          initialMessage={initialMessage}
        />
      </AuthFrame>
    </div>
  );
}
