// "Senha alterada": said on the page a member lands on after resetting the password by the e-mailed link (the
// reset signs them in and adds `?senha=alterada`). The live region is always there, so screen readers
// announce the message when a fetcher's redirect brings it in; it takes the status role only while it says
// something (an empty status on every page would be one more "status" for everyone looking for the page's own).
import { Link, useLocation } from "react-router";
import { CloseIcon } from "#app/components/icons.tsx";
import { PASSWORD_CHANGED } from "./auth-urls.ts";

export function PasswordChangedNotice() {
  const location = useLocation();
  const params = new URLSearchParams(location.search);
  const shown = params.get(PASSWORD_CHANGED.param) === PASSWORD_CHANGED.value;
  params.delete(PASSWORD_CHANGED.param);
  const rest = params.toString();
  return (
    <div
      aria-live="polite"
      role={shown ? "status" : undefined}
      className={shown ? "mx-auto max-w-7xl px-4 pt-4" : "sr-only"}
    >
      {shown ? (
        <p className="flex items-start justify-between gap-3 rounded-md bg-green-50 px-4 py-3 text-sm text-green-900">
          <span>
            <strong>Senha alterada.</strong> Você já entrou na sua conta com a nova senha.
          </span>
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
