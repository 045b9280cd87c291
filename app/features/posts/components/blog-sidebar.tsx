// The blog's side column: 'Escolhas da Comunidade', the recommended topics and 'Quem Seguir'.
import { Link, href } from "react-router";
import { AvatarImage, shortName } from "#app/components/avatar.tsx";
import { visibleRoleLine } from "#app/lib/role-line.ts";
import { FollowButton } from "#app/features/social/components/follow-button.tsx";
import type { MemberSummary } from "#app/features/social/follows.server.ts";
import type { TagSummary } from "#app/features/tags/tags.server.ts";
import type { RankedPost } from "../lists.server.ts";
import { likesLabel } from "./like-button.tsx";

export function tagHref(slug: string) {
  return `${href("/blog")}?tag=${encodeURIComponent(slug)}`;
}

export function BlogSidebar({
  picks,
  topics,
  suggestions,
}: {
  picks: RankedPost[];
  topics: TagSummary[];
  suggestions: MemberSummary[];
}) {
  return (
    <aside aria-label="Destaques do blog" className="flex flex-col gap-6">
      <section aria-labelledby="escolhas" className="card">
        <h2 id="escolhas" className="text-base font-bold text-slate-900">
          Escolhas da Comunidade
        </h2>
        {picks.length === 0 ? (
          <p className="mt-3 text-sm text-slate-600">Nenhum post recebeu curtidas nos últimos 30 dias.</p>
        ) : (
          <ol className="mt-3 flex flex-col gap-4">
            {picks.map((post) => (
              <li key={post.id} className="flex flex-col gap-1">
                <span className="flex items-center gap-2 text-xs text-slate-600">
                  <AvatarImage
                    src={post.author.avatarUrl}
                    handle={post.author.handle}
                    size="sm"
                    className="size-6"
                  />
                  {shortName(post.author.name)}
                </span>
                <Link
                  to={href("/blog/:slug", { slug: post.slug })}
                  className="hover:text-primary text-sm leading-snug font-semibold text-slate-900 hover:underline"
                >
                  {post.title}
                </Link>
                <span className="text-xs text-slate-600">
                  {post.pinned ? "Fixado pela equipe · " : ""}
                  {likesLabel(post.recentLikes)} este mês
                </span>
              </li>
            ))}
          </ol>
        )}
        <Link
          to={href("/blog/ranking")}
          className="text-primary mt-4 inline-block text-sm font-semibold hover:underline"
        >
          Ver lista completa
        </Link>
      </section>

      <section aria-labelledby="topicos" className="card">
        <h2 id="topicos" className="text-base font-bold text-slate-900">
          Tópicos recomendados
        </h2>
        <ul className="mt-3 flex flex-wrap gap-2">
          {topics.map((tag) => (
            <li key={tag.slug}>
              <Link to={tagHref(tag.slug)} className="tag-chip">
                {tag.name}
              </Link>
            </li>
          ))}
        </ul>
      </section>

      <section aria-labelledby="quem-seguir" className="card">
        <h2 id="quem-seguir" className="text-base font-bold text-slate-900">
          Quem Seguir
        </h2>
        {suggestions.length === 0 ? (
          <p className="mt-3 text-sm text-slate-600">Você já segue todo mundo por aqui.</p>
        ) : (
          <ul className="mt-3 flex flex-col gap-4">
            {suggestions.map((member) => (
              <li key={member.id} className="flex items-center gap-3">
                <AvatarImage src={member.avatarUrl} handle={member.handle} size="md" />
                <span className="flex min-w-0 flex-1 flex-col">
                  <Link
                    to={href("/u/:handle", { handle: member.handle })}
                    className="truncate text-sm font-semibold text-slate-900 hover:underline"
                  >
                    {shortName(member.name)}
                  </Link>
                  {visibleRoleLine(member.roleLine) ? (
                    <span className="truncate text-xs text-slate-600">
                      {visibleRoleLine(member.roleLine)}
                    </span>
                  ) : null}
                </span>
                <FollowButton userId={member.id} following={false} name={member.name} />
              </li>
            ))}
          </ul>
        )}
        <Link
          to={href("/membros")}
          className="text-primary mt-4 inline-block text-sm font-semibold hover:underline"
        >
          Ver mais sugestões
        </Link>
      </section>
    </aside>
  );
}
