// /search?q=&tipo=&page= — every result, by kind, with pagination and the operators explained.
import { Form, Link, data, href } from "react-router";
import { AvatarImage } from "#app/components/avatar.tsx";
import { visibleRoleLine } from "#app/lib/role-line.ts";
import { SearchIcon } from "#app/components/icons.tsx";
import { Pagination, pageFromUrl } from "#app/components/pagination.tsx";
import { Highlighted } from "#app/features/search/components/highlighted.tsx";
import { search } from "#app/features/search/search.server.ts";
import {
  LIMITED_SEARCH_NOTE,
  MAX_SEARCH_QUERY,
  SEARCH_KINDS,
  SEARCH_TIMED_OUT_MESSAGE,
  type SearchHit,
  type SearchKind,
} from "#app/features/search/search-query.ts";
import { closedMarker } from "#app/features/questions/format.ts";
import { formatDate } from "#app/lib/dates.ts";
import { plural } from "#app/lib/plural.ts";
import { pageMeta } from "#app/lib/meta.ts";
import type { Route } from "./+types/search";

const PAGE_SIZE = 10;
const KIND_LABELS: Record<SearchKind, string> = {
  questions: "Perguntas",
  posts: "Posts",
  members: "Membros",
  tags: "Tags",
};

export async function loader({ request }: Route.LoaderArgs) {
  const url = new URL(request.url);
  // Long enough for a pasted error trace (ADR 041); the parser still cuts the words as before.
  // Spaces around the words are no search: a blank box asks for words rather than finding nothing for " ".
  const q = (url.searchParams.get("q") ?? "").trim().slice(0, MAX_SEARCH_QUERY);
  const requested = url.searchParams.get("tipo") as SearchKind | null;
  // No tab chosen: the first kind that found something opens, questions first (`search`).
  const kind = requested && SEARCH_KINDS.includes(requested) ? requested : null;
  const results = await search(q, kind, pageFromUrl(url), PAGE_SIZE);
  const body = {
    ...results,
    pageNumber: pageFromUrl(url),
    totalPages: Math.ceil(results.page.total / PAGE_SIZE),
  };
  // A stopped search says so with 503, which also keeps the page out of the visitor page cache.
  return results.timedOut ? data(body, { status: 503, headers: { "Retry-After": "5" } }) : body;
}

export const meta: Route.MetaFunction = ({ loaderData }) =>
  pageMeta({
    title: loaderData?.query ? `Busca: ${loaderData.query.slice(0, 80)}` : "Busca",
    description: "Busque perguntas, posts, membros e tags da Suporte de Domingo.",
    noindex: true,
  });

/** A question or a post: highlighted title and snippet, and a line about it. */
function TextHit({
  url,
  title,
  snippet,
  marker,
  children,
}: {
  url: string;
  title: string;
  snippet: string;
  /** "[fechada]" or "[duplicada]" after a closed question's title. */
  marker?: string;
  children: React.ReactNode;
}) {
  return (
    <article className="card">
      <h3 className="text-primary text-lg font-semibold">
        <Link to={url} className="hover:underline">
          <Highlighted text={title} from="text" />
          {marker ? (
            <>
              {" "}
              <span className="font-normal text-slate-600">{marker}</span>
            </>
          ) : null}
        </Link>
      </h3>
      <p className="mt-1 line-clamp-2 text-sm text-slate-700">
        <Highlighted text={snippet} />
      </p>
      <p className="mt-2 text-xs text-slate-600">{children}</p>
    </article>
  );
}

function HitItem({ hit }: { hit: SearchHit }) {
  switch (hit.kind) {
    case "questions":
      return (
        <TextHit url={hit.url} title={hit.title} snippet={hit.snippet} marker={closedMarker(hit.closed)}>
          {hit.score} {plural(hit.score, "voto", "votos")} · {hit.answerCount}{" "}
          {plural(hit.answerCount, "resposta", "respostas")}
          {hit.accepted ? " · resposta aceita" : ""} · por {hit.authorName} · {formatDate(hit.createdAt)}
        </TextHit>
      );
    case "posts":
      return (
        <TextHit url={hit.url} title={hit.title} snippet={hit.snippet}>
          {hit.likeCount} curtidas · por {hit.authorName} · {formatDate(hit.createdAt)}
        </TextHit>
      );
    case "members":
      return (
        <article className="card flex items-center gap-3">
          <AvatarImage src={hit.avatarUrl} handle={hit.handle} size="md" />
          <div>
            <h3 className="text-primary font-semibold">
              <Link to={hit.url} className="hover:underline">
                {hit.name}
              </Link>
            </h3>
            <p className="text-sm text-slate-700">
              @{hit.handle}
              {visibleRoleLine(hit.roleLine) ? ` · ${visibleRoleLine(hit.roleLine)}` : null} ·{" "}
              {hit.reputation} de reputação
            </p>
          </div>
        </article>
      );
    case "tags":
      return (
        <article className="card">
          <h3>
            <Link to={hit.url} className="tag-chip text-sm">
              {hit.name}
            </Link>
          </h3>
          {hit.description ? <p className="mt-2 text-sm text-slate-700">{hit.description}</p> : null}
          <p className="mt-1 text-xs text-slate-600">{hit.count} publicações</p>
        </article>
      );
  }
}

export default function SearchPage({ loaderData }: Route.ComponentProps) {
  const { query, parsed, kind, page, totals, pageNumber, totalPages, timedOut } = loaderData;
  const tabHref = (k: SearchKind) => `${href("/search")}?${new URLSearchParams({ q: query, tipo: k })}`;
  return (
    <div className="mx-auto max-w-4xl px-4 py-10">
      <h1 className="text-3xl font-bold text-slate-900">Busca</h1>
      <Form
        method="get"
        action={href("/search")}
        role="search"
        aria-label="Refinar a busca"
        className="mt-4 flex gap-2"
      >
        <div className="relative flex-1">
          {/* The magnifying glass is the field's visible label (its text is for screen readers). */}
          <label
            htmlFor="busca-completa"
            className="absolute top-1/2 left-3 flex -translate-y-1/2 cursor-text text-slate-500"
          >
            <SearchIcon className="size-4" />
            <span className="sr-only">Pesquisar</span>
          </label>
          <input
            id="busca-completa"
            name="q"
            type="search"
            defaultValue={query}
            placeholder="Pesquisar"
            className="field-input pl-9"
            onPaste={(event) => {
              // A pasted stack trace keeps its lines apart as spaces (a one-line field would glue them).
              const pasted = event.clipboardData.getData("text/plain");
              if (!pasted.includes("\n")) return;
              event.preventDefault();
              const input = event.currentTarget;
              const flat = pasted.replace(/\s*\r?\n\s*/g, " ").trim();
              input.setRangeText(flat, input.selectionStart ?? 0, input.selectionEnd ?? 0, "end");
            }}
          />
        </div>
        <input type="hidden" name="tipo" value={kind} />
        <button type="submit" className="btn-primary">
          Buscar
        </button>
      </Form>
      <details className="mt-3 text-sm text-slate-700">
        <summary className="cursor-pointer">Como refinar a busca</summary>
        <ul className="mt-2 list-disc space-y-1 pl-6">
          <li>
            <code>[javascript]</code> — só o que tem a tag
          </li>
          <li>
            <code>user:ana</code> — só o que o membro escreveu
          </li>
          <li>
            <code>is:answered</code> e <code>is:accepted</code> — perguntas com resposta, ou com resposta
            aceita
          </li>
          <li>
            <code>is:closed</code> e <code>is:open</code> — só perguntas fechadas, ou só abertas
          </li>
          <li>
            <code>&quot;event loop&quot;</code> — a frase exata; <code>-jquery</code> exclui a palavra
          </li>
          <li>
            <code>erro:&quot;Cannot find module&quot;</code> ou <code>erro:ENOENT</code> — perguntas com o
            mesmo erro; cole a mensagem de erro ou o stack trace inteiro e buscamos pelo erro
          </li>
        </ul>
      </details>

      {parsed.limited ? (
        <p role="status" className="mt-4 rounded-md bg-amber-50 px-3 py-2 text-sm text-amber-900">
          {LIMITED_SEARCH_NOTE}
        </p>
      ) : null}

      {timedOut ? (
        <p role="alert" className="mt-6 text-slate-700">
          {SEARCH_TIMED_OUT_MESSAGE}
        </p>
      ) : query ? (
        <>
          <nav aria-label="Tipos de resultado" className="mt-6 border-b border-slate-200">
            <ul className="flex flex-wrap gap-1">
              {SEARCH_KINDS.map((k) => (
                <li key={k}>
                  <Link
                    to={tabHref(k)}
                    aria-current={k === kind ? "page" : undefined}
                    className={`inline-block border-b-2 px-4 py-2 text-sm font-medium ${k === kind ? "border-primary text-primary" : "hover:text-primary border-transparent text-slate-700"}`}
                  >
                    {KIND_LABELS[k]} ({totals[k]})
                  </Link>
                </li>
              ))}
            </ul>
          </nav>
          <section aria-labelledby="resultados-titulo" className="mt-6">
            {/* The results' heading, so each result's h3 sits under an h2 (read aloud, not shown). */}
            <h2 id="resultados-titulo" className="sr-only">
              Resultados: {KIND_LABELS[kind]}
            </h2>
            {page.items.length === 0 ? (
              <p className="text-slate-700">Nada foi encontrado para &quot;{query}&quot;</p>
            ) : (
              <ol className="space-y-4">
                {page.items.map((hit) => (
                  <li key={`${hit.kind}-${hit.id}`}>
                    <HitItem hit={hit} />
                  </li>
                ))}
              </ol>
            )}
            <Pagination page={pageNumber} totalPages={totalPages} />
          </section>
        </>
      ) : (
        <p className="mt-6 text-slate-700">Digite o que procura: perguntas, posts, membros ou tags.</p>
      )}
    </div>
  );
}
