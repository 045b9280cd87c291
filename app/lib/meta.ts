// Title, description and Open Graph tags for a page, in one call: `export const meta = () => pageMeta({...})`.
export const SITE_NAME = "Suporte de Domingo";
export const DEFAULT_DESCRIPTION =
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
  const fullTitle = title
    ? `${title} | ${SITE_NAME}`
    : `${SITE_NAME} — perguntas, respostas e blog para devs`;
  return [
    { title: fullTitle },
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
