// The blog's vocabularies, limits and messages, without the validation library: list pages import these, so
// a reader's first click does not download Zod. schemas.ts builds the forms' schemas on them (and re-exports
// them for the server). The tag limit is the tags feature's (TAGS_MAX).
import { TAG_MESSAGES } from "#app/features/tags/rules.ts";

export const POST_CATEGORIES = ["design", "desenvolvimento", "ux", "ui"] as const;
export type PostCategory = (typeof POST_CATEGORIES)[number];

export const CATEGORY_LABELS: Record<PostCategory, string> = {
  design: "Design",
  desenvolvimento: "Desenvolvimento",
  ux: "UX",
  ui: "UI",
};

/** The tabs of 'Todos os Posts', each its own address (`/blog?tab=…`; Para Você has none). */
export const BLOG_TABS = [
  { id: "para-voce", label: "Para Você" },
  { id: "seguindo", label: "Seguindo" },
  { id: "design", label: "Design" },
  { id: "desenvolvimento", label: "Desenvolvimento" },
  { id: "ux", label: "UX" },
  { id: "ui", label: "UI" },
] as const;
export type BlogTab = (typeof BLOG_TABS)[number]["id"];

export function parseBlogTab(value: string | null | undefined): BlogTab {
  return BLOG_TABS.find((tab) => tab.id === value)?.id ?? "para-voce";
}

export function isCategory(value: string): value is PostCategory {
  return (POST_CATEGORIES as readonly string[]).includes(value);
}

export const POSTS_PER_PAGE = 10;
/** 'Escolhas da Comunidade' ranks posts by the likes of this many last days. */
export const PICKS_WINDOW_DAYS = 30;
export const TITLE_MAX = 150;
/** The writer's hint: the subtitle reads best at about this length (spec: not enforced). */
export const DESCRIPTION_HINT = 100;
export const DESCRIPTION_MAX = 300;
export const BODY_MIN = 50;
export const COMMENT_MAX = 2000;

export const MESSAGES = {
  titleRequired: "Dê um título ao seu post.",
  titleTooLong: `O título pode ter no máximo ${TITLE_MAX} caracteres.`,
  descriptionTooLong: `O subtítulo pode ter no máximo ${DESCRIPTION_MAX} caracteres.`,
  category: "Escolha uma categoria: Design, Desenvolvimento, UX ou UI.",
  bodyTooShort: `Escreva pelo menos ${BODY_MIN} caracteres no texto do post.`,
  tooManyTags: TAG_MESSAGES.tooMany,
  cover: "Use uma imagem enviada por aqui (PNG ou JPEG).",
  commentRequired: "Escreva um comentário.",
  commentTooLong: `O comentário pode ter no máximo ${COMMENT_MAX} caracteres.`,
} as const;

/**
 * A quick estimate of the visible text of editor HTML, for the browser's check before sending. The server
 * decides with `richTextLength` on the sanitised HTML.
 */
export function approximateTextLength(html: string): number {
  const text = html
    .replace(/<[^>]*>/g, " ")
    .replace(/&nbsp;/g, " ")
    .replace(/&[a-z]+;|&#\d+;/gi, "x")
    .replace(/\s+/g, " ")
    .trim();
  return Array.from(text).length;
}
