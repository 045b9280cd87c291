// The list's right column: recommended topics, 'Ver mais tópicos', and 'Filtros Customizados' with the
// member's saved filters and the link that opens the filter modal.
import { Form, Link, href } from "react-router";
import type { SavedFilter } from "../filters.server.ts";
import type { QuestionListQuery } from "../list-query.ts";
import { FilterModal } from "./filter-modal.tsx";
import { CloseIcon } from "#app/components/icons.tsx";

export function QuestionSideColumn({
  recommended,
  savedFilters,
  query,
  filterAction,
  signedIn,
  saveError,
}: {
  recommended: { name: string; slug: string }[];
  savedFilters: SavedFilter[];
  query: QuestionListQuery;
  filterAction: string;
  signedIn: boolean;
  saveError?: string;
}) {
  return (
    <aside aria-label="Tópicos e filtros" className="flex flex-col gap-6">
      <section aria-labelledby="topicos-recomendados" className="card">
        <h2 id="topicos-recomendados" className="text-base font-bold text-slate-900">
          Tópicos recomendados
        </h2>
        <ul className="mt-3 flex flex-wrap gap-2">
          {recommended.map((tag) => (
            <li key={tag.slug}>
              <Link to={href("/questions/tagged/:tag", { tag: tag.slug })} className="tag-chip text-sm">
                {tag.name}
              </Link>
            </li>
          ))}
        </ul>
        <Link
          to={href("/tags")}
          className="text-primary mt-4 inline-block text-sm font-semibold hover:underline"
        >
          Ver mais tópicos
        </Link>
      </section>
      <section aria-labelledby="filtros-customizados" className="card">
        <h2 id="filtros-customizados" className="text-base font-bold text-slate-900">
          Filtros Customizados
        </h2>
        {savedFilters.length ? (
          <ul className="mt-3 flex flex-col gap-1">
            {savedFilters.map((filter) => (
              <li key={filter.id} className="flex items-center justify-between gap-2">
                <Link
                  to={`${href("/questions")}${filter.query ? `?${filter.query}` : ""}`}
                  className="text-primary min-w-0 truncate text-sm font-medium hover:underline"
                >
                  {filter.name}
                </Link>
                <Form method="post" action={filterAction}>
                  <input type="hidden" name="intent" value="delete-filter" />
                  <input type="hidden" name="filterId" value={filter.id} />
                  <button
                    type="submit"
                    className="rounded p-1 text-slate-500 hover:bg-slate-100 hover:text-red-700"
                    aria-label={`Excluir o filtro ${filter.name}`}
                  >
                    <CloseIcon className="size-4" />
                  </button>
                </Form>
              </li>
            ))}
          </ul>
        ) : (
          <p className="mt-2 text-sm text-slate-600">
            {signedIn
              ? "Você ainda não salvou nenhum filtro."
              : "Entre na sua conta para salvar filtros e encontrá-los aqui."}
          </p>
        )}
        <div className="mt-3">
          <FilterModal query={query} action={filterAction} signedIn={signedIn} saveError={saveError} />
        </div>
      </section>
    </aside>
  );
}
