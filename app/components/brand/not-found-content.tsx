// The not-found page, shared by the catch-all route and the error boundaries' 404.
import { fullTitle } from "#app/lib/meta.ts";
import { BrandPlaceholder } from "./brand-placeholder.tsx";
import { TypedText, useTypedText } from "./typewriter.tsx";

export const NOT_FOUND_SUBTITLE =
  "A página que está procurando não existe ou está temporariamente indisponível.";
const NOT_FOUND_MS_PER_CHAR = 45;

function NotFoundContent() {
  const subtitle = useTypedText(NOT_FOUND_SUBTITLE, NOT_FOUND_MS_PER_CHAR);
  return (
    <>
      {/* One name at every width (on phones the dash gives way to a line break). */}
      <h1 aria-label="404 - Page not Found" className="text-primary text-4xl font-extrabold sm:text-6xl">
        404
        <span className="hidden sm:inline"> - </span>
        <br className="sm:hidden" />
        Page not Found
      </h1>
      <p className="min-h-14 max-w-xl text-lg text-slate-700">
        <TypedText text={NOT_FOUND_SUBTITLE} {...subtitle} />
      </p>
    </>
  );
}

/**
 * The whole not-found page. Error boundaries give it the `title` (what was not found), which no route `meta`
 * sets for them.
 */
export function NotFoundPage({ title }: { title?: string }) {
  return (
    <BrandPlaceholder>
      {title ? <title>{fullTitle(title)}</title> : null}
      <NotFoundContent />
    </BrandPlaceholder>
  );
}

/** What any error other than a 404 says. */
export const UNEXPECTED_ERROR = {
  title: "Algo deu errado",
  text: "Tivemos um problema ao mostrar esta página. Tente de novo em instantes.",
};
