// The administrators' notice above every page's content (/administracao): plain text, an optional link.
import { Link } from "react-router";
import type { SiteNotice } from "../rules.ts";

export function SiteNoticeBanner({
  notice,
  preview = false,
}: {
  notice: SiteNotice | null;
  preview?: boolean;
}) {
  if (!notice) return null;
  const warning = notice.tone === "warning";
  const linkClass = "ml-1 font-semibold underline underline-offset-4";
  return (
    <div
      // The preview on /administracao is not a second landmark of the page.
      role={preview ? undefined : "region"}
      aria-label={preview ? undefined : "Aviso do site"}
      className={
        warning
          ? "border-b border-amber-200 bg-amber-50 px-4 py-3 text-sm text-amber-950"
          : "border-b border-blue-200 bg-blue-50 px-4 py-3 text-sm text-blue-950"
      }
    >
      <p className="mx-auto max-w-5xl break-words">
        {warning ? <strong className="font-semibold">Atenção: </strong> : null}
        {notice.text}
        {notice.link ? (
          notice.link.startsWith("/") ? (
            <Link to={notice.link} className={linkClass}>
              Saiba mais
            </Link>
          ) : (
            <a href={notice.link} className={linkClass} rel="noopener noreferrer">
              Saiba mais
            </a>
          )
        ) : null}
      </p>
    </div>
  );
}
