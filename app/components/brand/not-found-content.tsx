// The not-found page's content, shared by the catch-all route and the root error boundary's 404.
import { TypedText, useTypedText } from "./typewriter.tsx";

export const NOT_FOUND_SUBTITLE =
  "A página que está procurando não existe ou está temporariamente indisponível.";
export const NOT_FOUND_MS_PER_CHAR = 45;

export function NotFoundContent() {
  const subtitle = useTypedText(NOT_FOUND_SUBTITLE, NOT_FOUND_MS_PER_CHAR);
  return (
    <>
      <h1 className="text-primary text-4xl font-extrabold sm:text-6xl">
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
