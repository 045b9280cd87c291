// What administrators curate, its limits and its words (no server code: the admin page and the banner read it).

/** The longest site notice: one line on a laptop, three on a phone. */
export const SITE_NOTICE_MAX = 200;

/** The landing page shows this many featured posts; the list may hold a few more, in reserve. */
const FEATURED_POSTS_SHOWN = 3;
/** How many entries each curated list holds at most. */
export const CURATED_LIST_MAX = 10;

export type SiteNoticeTone = "info" | "warning";

export type SiteNotice = {
  text: string;
  tone: SiteNoticeTone;
  /** A page of the site (`/blog/…`) or an https address; null without a link. */
  link: string | null;
  /** ISO time after which the notice is no longer shown; null until taken down. */
  endsAt: string | null;
};

/** The curated lists: the landing's featured posts, the pinned community picks, the recommended topics. */
export type CuratedListName = "featured" | "picks" | "recommended";

export const CURATED_LISTS: Record<
  CuratedListName,
  { title: string; item: "post" | "tag"; intro: string; addLabel: string; hint: string }
> = {
  featured: {
    title: "Posts em destaque na página inicial",
    item: "post",
    intro: `Os cartões da página inicial dos visitantes, nesta ordem (aparecem os ${FEATURED_POSTS_SHOWN} primeiros).`,
    addLabel: "Destacar post",
    hint: "O endereço do post (por exemplo: /blog/meu-post) ou só o final dele.",
  },
  picks: {
    title: "Escolhas da Comunidade fixadas",
    item: "post",
    intro:
      "Posts fixados no topo das Escolhas da Comunidade, nesta ordem; depois deles vêm os mais curtidos dos últimos 30 dias.",
    addLabel: "Fixar post",
    hint: "O endereço do post (por exemplo: /blog/meu-post) ou só o final dele.",
  },
  recommended: {
    title: "Tópicos recomendados",
    item: "tag",
    intro: "As tags sugeridas nas colunas laterais das perguntas e do blog, nesta ordem.",
    addLabel: "Recomendar tag",
    hint: "O nome da tag, como aparece nas perguntas (por exemplo: javascript).",
  },
};

export const CURATION_MESSAGES = {
  adminsOnly: "Só a administração pode mudar isso.",
  noticeRequired: "Escreva o aviso.",
  noticeTooLong: `Use no máximo ${SITE_NOTICE_MAX} caracteres.`,
  noticeLinkInvalid: "Use um endereço deste site (começando com /) ou um endereço https://.",
  noticeEndInvalid: "Informe a data e a hora do fim do aviso.",
  noticeEndPast: "O fim do aviso precisa ser no futuro.",
  noticeMissing: "Não há aviso publicado.",
  postNotFound: "Nenhum post publicado com esse endereço.",
  tagNotFound: "Nenhuma tag com esse nome.",
  alreadyListed: "Já está na lista.",
  notListed: "Este item não está mais na lista.",
  listFull: `A lista já tem ${CURATED_LIST_MAX} itens. Retire um antes de adicionar outro.`,
  referenceRequired: "Informe o post ou a tag.",
} as const;

/** The lists in the order the admin page shows them. */
export const CURATED_LIST_NAMES = Object.keys(CURATED_LISTS) as CuratedListName[];
