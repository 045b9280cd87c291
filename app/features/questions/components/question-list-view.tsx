// The body of /questions and /questions/tagged/{slug}: heading, Perguntar, the sort links, the previews, the
// pagination and the side column.
import type { ReactNode } from "react";
import { Link, useLocation, href } from "react-router";
import { Pagination } from "#app/components/pagination.tsx";
import type { SavedFilter } from "../filters.server.ts";
import { hasFilters, MODAL_FILTERS, MODAL_SORTS, type QuestionListQuery } from "../list-query.ts";
import type { QuestionListPage } from "../question-list.server.ts";
import { countLabel } from "#app/lib/plural.ts";
import { KeptElement } from "#app/lib/page-html-fragment.tsx";
import { QuestionPreviewCard } from "./question-preview.tsx";
import { QuestionSideColumn } from "./question-side-column.tsx";
import { SortLinks } from "./sort-links.tsx";

export type QuestionListViewProps = {
  heading: string;
  /** Under the heading (a tag's description, its follow button…). */
  intro?: ReactNode;
  basePath: string;
  list: QuestionListPage;
  query: QuestionListQuery;
  recommended: { name: string; slug: string }[];
  savedFilters: SavedFilter[];
  signedIn: boolean;
  saveError?: string;
};

function activeFilterSummary(query: QuestionListQuery): string[] {
  const parts = MODAL_FILTERS.filter((f) => query.filters.includes(f.value)).map((f) => f.label);
  const modalSort = MODAL_SORTS.find((s) => s.value === query.sort && s.value !== "new");
  if (modalSort) parts.push(modalSort.label);
  if (query.followedTags) parts.push("Minhas Tags seguidas");
  if (query.tags.length) parts.push(`Tags: ${query.tags.join(", ")}`);
  if (query.status !== "all") parts.push(query.status === "open" ? "Abertas" : "Fechadas");
  return parts;
}

/** The same list (sort, filters) at its first page. */
function firstPage(basePath: string, search: string): string {
  const params = new URLSearchParams(search);
  params.delete("page");
  const rest = params.toString();
  return rest ? `${basePath}?${rest}` : basePath;
}

export function QuestionListView({
  heading,
  intro,
  basePath,
  list,
  query,
  recommended,
  savedFilters,
  signedIn,
  saveError,
}: QuestionListViewProps) {
  const summary = activeFilterSummary(query);
  const { search } = useLocation();
  return (
    <div className="mx-auto grid max-w-7xl gap-8 px-4 py-8 lg:grid-cols-[minmax(0,1fr)_18rem]">
      <div className="flex min-w-0 flex-col gap-5">
        <div className="flex flex-wrap items-start justify-between gap-4">
          <div className="min-w-0">
            <h1 className="text-primary text-2xl font-bold md:text-3xl">{heading}</h1>
            {intro}
          </div>
          <Link to={href("/ask-a-question")} className="btn-primary shrink-0">
            Perguntar
          </Link>
        </div>
        <div className="flex flex-wrap items-center justify-between gap-3">
          <SortLinks basePath={basePath} query={query} />
          <p className="text-sm text-slate-700" aria-live="polite">
            {countLabel(list.total, "pergunta", "perguntas")}
          </p>
        </div>
        {hasFilters(query) || summary.length ? (
          <p className="flex flex-wrap items-center gap-2 rounded-md bg-slate-100 px-3 py-2 text-sm text-slate-800">
            <span className="font-semibold">Filtro aplicado:</span> {summary.join(" · ")}
            <Link to={basePath} className="text-primary ml-auto font-semibold hover:underline">
              Limpar filtros
            </Link>
          </p>
        ) : null}
        {query.followedTags && !signedIn ? (
          <p className="text-sm text-slate-700">
            Entre na sua conta para ver as perguntas das tags que você segue.
          </p>
        ) : null}
        {list.items.length ? (
          // The cards render from the list page alone, the same for every reader: on the server they are
          // rendered once per shared page of the list (keepFragmentsOf in the loader).
          <KeptElement
            tag="ol"
            attributes={{ className: "flex flex-col gap-4", "aria-label": "Perguntas" }}
            fragmentKey={() => "question-list"}
          >
            {list.items.map((question) => (
              <li key={question.id}>
                <QuestionPreviewCard question={question} />
              </li>
            ))}
          </KeptElement>
        ) : (
          <div className="card text-center text-slate-700">
            <p className="font-medium">Nenhuma pergunta encontrada.</p>
            <p className="mt-1 text-sm">
              {list.total > 0 ? (
                // Past the last page of a list that has questions.
                <>
                  Esta página não existe.{" "}
                  <Link
                    to={firstPage(basePath, search)}
                    className="text-primary font-semibold hover:underline"
                  >
                    Voltar para a primeira página
                  </Link>
                  .
                </>
              ) : hasFilters(query) || query.sort !== "new" ? (
                "Tente outra ordem ou outros filtros."
              ) : (
                "Que tal fazer a primeira?"
              )}
            </p>
          </div>
        )}
        <Pagination page={list.page} totalPages={list.totalPages} />
      </div>
      <QuestionSideColumn
        recommended={recommended}
        savedFilters={savedFilters}
        query={query}
        filterAction={basePath}
        signedIn={signedIn}
        saveError={saveError}
      />
    </div>
  );
}
