// The question list's address: sort links (?sort=top), the filter modal's choices and the page. Shared by the
// list page, the filter modal (a GET form that writes these same names) and the saved filters, so a saved
// filter is just a canonical query string. Pure: no database, no React.
import { slugify } from "#app/lib/slug.ts";

const QUESTION_SORTS = ["new", "top", "bounty", "week", "month", "activity", "answers", "expiring"] as const;
export type QuestionSort = (typeof QUESTION_SORTS)[number];

/** The spec's sort links above the list. */
export const SORT_LINKS: { value: QuestionSort; label: string }[] = [
  { value: "new", label: "Novo" },
  { value: "top", label: "Top" },
  { value: "bounty", label: "Bounty" },
  { value: "week", label: "Semana" },
  { value: "month", label: "Mês" },
];

/** The filter modal's "Sort by" (texts exactly as the spec writes them). */
export const MODAL_SORTS: { value: QuestionSort; label: string }[] = [
  { value: "new", label: "Mais recentes" },
  { value: "activity", label: "Atividade Recente" },
  { value: "answers", label: "Mais respostas" },
  { value: "expiring", label: "Bounty prestes á expirar" },
];

export const QUESTION_FILTERS = ["unanswered", "no-accepted", "bounty"] as const;
export type QuestionFilter = (typeof QUESTION_FILTERS)[number];

/** The filter modal's "Filter by". */
export const MODAL_FILTERS: { value: QuestionFilter; label: string }[] = [
  { value: "unanswered", label: "Sem respostas" },
  { value: "no-accepted", label: "Sem resposta aceitada" },
  { value: "bounty", label: "Com Bounty" },
];

/** Open or closed questions only; "all" by default. */
const QUESTION_STATUSES = ["all", "open", "closed"] as const;
export type QuestionStatus = (typeof QUESTION_STATUSES)[number];

/** The filter modal's "Situação". */
export const MODAL_STATUSES: { value: QuestionStatus; label: string }[] = [
  { value: "all", label: "Todas" },
  { value: "open", label: "Abertas" },
  { value: "closed", label: "Fechadas" },
];

/** At most this many tags are read from the free-text tag field. */
const MAX_FILTER_TAGS = 10;

export type QuestionListQuery = {
  sort: QuestionSort;
  filters: QuestionFilter[];
  /** "Minhas Tags seguidas": questions with a tag the member follows. */
  followedTags: boolean;
  /** "As seguintes Tags": tag slugs typed in the free-text field. */
  tags: string[];
  /** ?status=open|closed */
  status: QuestionStatus;
  page: number;
};

export const DEFAULT_LIST_QUERY: QuestionListQuery = {
  sort: "new",
  filters: [],
  followedTags: false,
  tags: [],
  status: "all",
  page: 1,
};

const SORT_ALIASES: Record<string, QuestionSort> = { recent: "new", newest: "new", votes: "top" };

/** "ex; javascript, python, sql" → ["javascript", "python", "sql"] (slugs, repeats removed). */
export function parseTagField(value: string | null | undefined): string[] {
  if (!value) return [];
  const slugs = value
    .split(/[,;]+/)
    .map((part) => slugify(part.trim(), { maxLength: 60 }))
    .filter((slug) => slug && slug !== "ex");
  return [...new Set(slugs)].slice(0, MAX_FILTER_TAGS);
}

/** Reads the list's query from the address; anything unknown falls back to the defaults. */
export function parseListQuery(search: URLSearchParams | string): QuestionListQuery {
  const params = typeof search === "string" ? new URLSearchParams(search) : search;
  const rawSort = (params.get("sort") ?? "").toLowerCase();
  const sort = (QUESTION_SORTS as readonly string[]).includes(rawSort)
    ? (rawSort as QuestionSort)
    : (SORT_ALIASES[rawSort] ?? "new");
  const filters = QUESTION_FILTERS.filter((f) =>
    params
      .getAll("filter")
      .flatMap((v) => v.split(","))
      .includes(f),
  );
  const followedTags = ["1", "true", "on"].includes(params.get("followed") ?? "");
  // The free-text field only counts when "As seguintes Tags" is ticked. The modal sends a hidden tagged=0
  // before the tick box, so an unticked box is told apart from a hand-written link like ?tags=sql.
  const tagged = params.getAll("tagged");
  const tagsOn = tagged.length === 0 || tagged.includes("1") || tagged.includes("on");
  const tags = tagsOn ? parseTagField(params.get("tags")) : [];
  const rawStatus = (params.get("status") ?? "").toLowerCase();
  const status = (QUESTION_STATUSES as readonly string[]).includes(rawStatus)
    ? (rawStatus as QuestionStatus)
    : "all";
  const pageValue = Number(params.get("page"));
  const page = Number.isInteger(pageValue) && pageValue >= 1 && pageValue <= 100_000 ? pageValue : 1;
  return { sort, filters, followedTags, tags, status, page };
}

/**
 * The canonical query string of a list query (without "?"), defaults left out, so equal filters give equal
 * strings. `withPage: false` drops the page (saved filters and sort links start at page 1).
 */
export function listQueryToSearch(query: QuestionListQuery, options: { withPage?: boolean } = {}): string {
  const params = new URLSearchParams();
  for (const f of QUESTION_FILTERS) if (query.filters.includes(f)) params.append("filter", f);
  if (query.sort !== "new") params.set("sort", query.sort);
  if (query.followedTags) params.set("followed", "1");
  if (query.tags.length) params.set("tags", query.tags.join(","));
  if (query.status !== "all") params.set("status", query.status);
  if (options.withPage !== false && query.page > 1) params.set("page", String(query.page));
  // Commas are fine in a query string and read better in a shared link (tags=sql,python).
  return params.toString().replace(/%2C/g, ",");
}

/** Whether anything beyond the sort is chosen (the list then says a filter is on). */
export function hasFilters(query: QuestionListQuery): boolean {
  return query.filters.length > 0 || query.followedTags || query.tags.length > 0 || query.status !== "all";
}
