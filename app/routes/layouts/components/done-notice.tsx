// What the page a member lands on says about the write that brought them there: "Senha alterada" after a reset by
// the e-mailed link (the reset signs them in and adds `?senha=alterada`), "Post excluído." after deleting a post
// (`?feito=post-excluido`, app/lib/done-notices.ts). The live region is always there, so screen readers announce
// the message when a redirect brings it in; it takes the status role only while it says something (an empty
// status on every page would be one more "status" for everyone looking for the page's own).
import type { ReactNode } from "react";
import { Link, useLocation } from "react-router";
import { CloseIcon } from "#app/components/icons.tsx";
import { PASSWORD_CHANGED } from "#app/features/accounts/components/auth-urls.ts";
import { DONE_NOTICES, DONE_PARAM, isDoneNotice } from "#app/lib/done-notices.ts";

function noticeOf(params: URLSearchParams): { param: string; text: ReactNode } | null {
  if (params.get(PASSWORD_CHANGED.param) === PASSWORD_CHANGED.value) {
    return {
      param: PASSWORD_CHANGED.param,
      text: (
        <>
          <strong>Senha alterada.</strong> Você já entrou na sua conta com a nova senha.
        </>
      ),
    };
  }
  const done = params.get(DONE_PARAM);
  return isDoneNotice(done) ? { param: DONE_PARAM, text: <strong>{DONE_NOTICES[done]}</strong> } : null;
}

export function DoneNotice() {
  const location = useLocation();
  const params = new URLSearchParams(location.search);
  const notice = noticeOf(params);
  if (notice) params.delete(notice.param);
  const rest = params.toString();
  return (
    <div
      aria-live="polite"
      role={notice ? "status" : undefined}
      className={notice ? "mx-auto max-w-7xl px-4 pt-4" : "sr-only"}
    >
      {notice ? (
        <p className="flex items-start justify-between gap-3 rounded-md bg-green-50 px-4 py-3 text-sm text-green-900">
          <span>{notice.text}</span>
          <Link
            to={`${location.pathname}${rest ? `?${rest}` : ""}`}
            replace
            preventScrollReset
            aria-label="Fechar aviso"
            className="-my-1 shrink-0 rounded-md p-1 hover:bg-green-100"
          >
            <CloseIcon />
          </Link>
        </p>
      ) : null}
    </div>
  );
}
