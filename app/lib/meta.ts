// Title, description and Open Graph tags for a page, in one call: `export const meta = () => pageMeta({...})`.
import { isRouteErrorResponse } from "react-router";

export const SITE_NAME = "Suporte de Domingo";
const DEFAULT_DESCRIPTION =
  "A comunidade brasileira de devs que se ajudam: perguntas e respostas, blog e gente para seguir.";

export type PageMetaInput = {
  title?: string;
  description?: string;
  /** Absolute URL of the page, when known (canonical and og:url). */
  url?: string;
  image?: string;
  type?: "website" | "article";
  noindex?: boolean;
};

export function pageMeta({
  title,
  description = DEFAULT_DESCRIPTION,
  url,
  image,
  type = "website",
  noindex,
}: PageMetaInput) {
  return [
    { title: title ? fullTitle(title) : `${SITE_NAME} — perguntas, respostas e blog para devs` },
    { name: "description", content: description },
    { property: "og:site_name", content: SITE_NAME },
    { property: "og:locale", content: "pt_BR" },
    { property: "og:type", content: type },
    { property: "og:title", content: title ?? SITE_NAME },
    { property: "og:description", content: description },
    ...(url
      ? [
          { property: "og:url", content: url },
          { tagName: "link", rel: "canonical", href: url },
        ]
      : []),
    ...(image ? [{ property: "og:image", content: image }] : []),
    { name: "twitter:card", content: image ? "summary_large_image" : "summary" },
    ...(noindex ? [{ name: "robots", content: "noindex" }] : []),
  ];
}

/** The generic title of a 404 (the brand's not-found page). */
export const NOT_FOUND_TITLE = "404 - Page not Found";

/**
 * The title of a 404 page: what the loader said was missing when it threw with a message ("Membro não
 * encontrado." → "Membro não encontrado"), else the brand's generic one. Only a message that says something is
 * missing is used, so no other text of an error reaches the title.
 */
export function notFoundTitle(error: unknown): string {
  if (isRouteErrorResponse(error) && error.status === 404 && typeof error.data === "string") {
    const said = error.data.trim().replace(/\.$/, "");
    if (/^[\p{L} ]{1,40} não encontrad[oa]$/u.test(said)) return said;
  }
  return NOT_FOUND_TITLE;
}

/** `<title>` text of a page of this site. */
export function fullTitle(title: string): string {
  return `${title} | ${SITE_NAME}`;
}
