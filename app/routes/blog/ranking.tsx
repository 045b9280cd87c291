// /blog/ranking — the full 'Escolhas da Comunidade': posts by the likes they received in the last 30 days.
import { Link, href } from "react-router";
import { Pagination, pageFromUrl } from "#app/components/pagination.tsx";
import { likesLabel } from "#app/features/posts/components/like-button.tsx";
import { PostCard } from "#app/features/posts/components/post-card.tsx";
import { listCommunityPicks } from "#app/features/posts/lists.server.ts";
import { PICKS_WINDOW_DAYS } from "#app/features/posts/rules.ts";
import { optionalViewer } from "#app/lib/auth-guard.server.ts";
import { publicUrl } from "#app/lib/env.server.ts";
import { pageMeta } from "#app/lib/meta.ts";
import type { Route } from "./+types/ranking";

const PER_PAGE = 20;

export async function loader({ request, context }: Route.LoaderArgs) {
  const page = pageFromUrl(request.url);
  const picks = await listCommunityPicks(optionalViewer(context), { page, perPage: PER_PAGE });
  const url = `${publicUrl()}/blog/ranking${page > 1 ? `?page=${page}` : ""}`;
  return { picks, url };
}

export const meta: Route.MetaFunction = ({ loaderData }) =>
  pageMeta({
    title: "Escolhas da Comunidade",
    description: `Os posts mais curtidos do blog nos últimos ${PICKS_WINDOW_DAYS} dias.`,
    url: loaderData?.url,
  });

export default function Ranking({ loaderData }: Route.ComponentProps) {
  const { picks } = loaderData;
  const offset = (picks.page - 1) * PER_PAGE;
  return (
    <div className="mx-auto max-w-4xl px-4 py-8">
      <Link to={href("/blog")} className="text-primary text-sm font-semibold hover:underline">
        ← Todos os Posts
      </Link>
      <h1 className="mt-2 text-3xl font-extrabold tracking-tight text-slate-900">Escolhas da Comunidade</h1>
      <p className="mt-2 text-slate-700">
        Os posts que mais receberam curtidas nos últimos {PICKS_WINDOW_DAYS} dias.
      </p>
      {picks.items.length === 0 ? (
        <p className="card mt-6 text-slate-800">
          Nenhum post recebeu curtidas nos últimos {PICKS_WINDOW_DAYS} dias.
        </p>
      ) : (
        <ol className="mt-6 flex flex-col gap-4">
          {picks.items.map((post, index) => (
            <li key={post.id} className="flex gap-3">
              <span
                className="text-primary w-8 shrink-0 pt-4 text-right text-xl font-extrabold"
                aria-hidden="true"
              >
                {offset + index + 1}
              </span>
              <div className="min-w-0 flex-1">
                <p className="sr-only">
                  {offset + index + 1}º lugar{post.pinned ? ", fixado pela equipe" : ""},{" "}
                  {likesLabel(post.recentLikes)} nos últimos {PICKS_WINDOW_DAYS} dias
                </p>
                <PostCard post={post} />
                <p className="mt-1 text-right text-xs text-slate-600" aria-hidden="true">
                  {post.pinned ? "Fixado pela equipe · " : ""}
                  {likesLabel(post.recentLikes)} nos últimos {PICKS_WINDOW_DAYS} dias
                </p>
              </div>
            </li>
          ))}
        </ol>
      )}
      <Pagination page={picks.page} totalPages={picks.totalPages} />
    </div>
  );
}
