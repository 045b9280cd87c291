// /favoritos — the member's favourite posts and questions, newest favourite first.
import { Link, href } from "react-router";
import { Pagination, pageFromUrl } from "#app/components/pagination.tsx";
import { PostCard } from "#app/features/posts/components/post-card.tsx";
import { listFavorites, type FavoriteKind } from "#app/features/posts/favorite-lists.server.ts";
import { requireViewer } from "#app/lib/auth-guard.server.ts";
import { formatDate, isoDate } from "#app/lib/dates.ts";
import { pageMeta } from "#app/lib/meta.ts";
import { countLabel } from "#app/lib/plural.ts";
import type { Route } from "./+types/favorites";

const FILTERS = [
  { id: null, label: "Tudo" },
  { id: "post", label: "Posts" },
  { id: "question", label: "Perguntas" },
] as const;

function parseKind(value: string | null): FavoriteKind | null {
  return value === "post" || value === "question" ? value : null;
}

export const meta: Route.MetaFunction = () =>
  pageMeta({ title: "Favoritos", description: "Seus posts e perguntas favoritos.", noindex: true });

export async function loader({ request, context }: Route.LoaderArgs) {
  const viewer = requireViewer(request, context);
  const url = new URL(request.url);
  const kind = parseKind(url.searchParams.get("tipo"));
  const favorites = await listFavorites(viewer, { page: pageFromUrl(url), kind });
  return { favorites, kind };
}

function answersLabel(count: number) {
  return countLabel(count, "resposta", "respostas");
}

export default function Favorites({ loaderData }: Route.ComponentProps) {
  const { favorites, kind } = loaderData;
  return (
    <div className="mx-auto max-w-4xl px-4 py-8">
      <h1 className="text-3xl font-extrabold tracking-tight text-slate-900">Favoritos</h1>
      <nav aria-label="Tipo de favorito" className="mt-4">
        <ul className="flex gap-2">
          {FILTERS.map((filter) => (
            <li key={filter.label}>
              <Link
                to={filter.id ? `${href("/favoritos")}?tipo=${filter.id}` : href("/favoritos")}
                aria-current={kind === filter.id ? "page" : undefined}
                className={`rounded-full px-4 py-1.5 text-sm font-medium ${
                  kind === filter.id
                    ? "bg-primary text-white"
                    : "bg-slate-100 text-slate-800 hover:bg-slate-200"
                }`}
              >
                {filter.label}
              </Link>
            </li>
          ))}
        </ul>
      </nav>
      {favorites.items.length === 0 ? (
        <div className="card mt-6 text-slate-800">
          <p>
            Nada por aqui ainda. Use o botão Favoritar nos{" "}
            <Link to={href("/blog")} className="text-primary font-semibold hover:underline">
              posts do blog
            </Link>{" "}
            e nas{" "}
            <Link to={href("/questions")} className="text-primary font-semibold hover:underline">
              perguntas
            </Link>{" "}
            para guardá-los aqui.
          </p>
        </div>
      ) : (
        <ol className="mt-6 flex flex-col gap-4">
          {favorites.items.map((item) =>
            item.kind === "post" ? (
              <li key={`post-${item.post.id}`}>
                <PostCard post={item.post} />
              </li>
            ) : (
              <li key={`question-${item.question.id}`}>
                <article className="card flex flex-col gap-2">
                  <p className="text-primary text-xs font-semibold tracking-wide uppercase">Pergunta</p>
                  <h2 className="text-lg leading-snug font-bold text-slate-900">
                    <Link
                      to={href("/questions/:id", { id: String(item.question.id) })}
                      className="hover:text-primary hover:underline"
                    >
                      {item.question.title}
                    </Link>
                  </h2>
                  <p className="flex flex-wrap gap-x-3 text-sm text-slate-600">
                    <span>{item.question.authorName}</span>
                    <time dateTime={isoDate(item.question.createdAt)}>
                      {formatDate(item.question.createdAt)}
                    </time>
                    <span>{countLabel(item.question.score, "voto", "votos")}</span>
                    <span>{answersLabel(item.question.answerCount)}</span>
                  </p>
                </article>
              </li>
            ),
          )}
        </ol>
      )}
      <Pagination page={favorites.page} totalPages={favorites.totalPages} />
    </div>
  );
}
