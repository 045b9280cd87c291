// Novo, Top, Bounty, Semana, Mês: links that change the address (?sort=…) and so the order. The filters
// chosen in the modal stay; the page goes back to 1.
import { Link } from "react-router";
import { listQueryToSearch, SORT_LINKS, type QuestionListQuery } from "../list-query.ts";

export function SortLinks({ basePath, query }: { basePath: string; query: QuestionListQuery }) {
  return (
    <nav aria-label="Ordenar perguntas" className="scroll-fade overflow-x-auto">
      <ul className="flex w-max items-center gap-1 rounded-lg border border-slate-200 bg-white p-1">
        {SORT_LINKS.map((link) => {
          const search = listQueryToSearch({ ...query, sort: link.value, page: 1 });
          const current = query.sort === link.value;
          return (
            <li key={link.value}>
              <Link
                to={`${basePath}${search ? `?${search}` : ""}`}
                aria-current={current ? "page" : undefined}
                className={`block rounded-md px-3 py-1.5 text-sm font-medium ${
                  current ? "bg-primary text-white" : "text-slate-700 hover:bg-slate-100"
                }`}
              >
                {link.label}
              </Link>
            </li>
          );
        })}
      </ul>
    </nav>
  );
}
