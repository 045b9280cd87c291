// /membros — 'Ver mais sugestões': members to follow, those not yet followed first, each with Seguir.
import { Link, type ShouldRevalidateFunction, href } from "react-router";
import { AvatarImage } from "#app/components/avatar.tsx";
import { visibleRoleLine } from "#app/lib/role-line.ts";
import { FollowButton } from "#app/features/social/components/follow-button.tsx";
import { Pagination, pageFromUrl } from "#app/components/pagination.tsx";
import { listMembers } from "#app/features/social/follows.server.ts";
import { optionalViewer } from "#app/lib/auth-guard.server.ts";
import { publicUrl } from "#app/lib/env.server.ts";
import { pageMeta } from "#app/lib/meta.ts";
import { plural } from "#app/lib/plural.ts";
import type { Route } from "./+types/members";

export async function loader({ request, context }: Route.LoaderArgs) {
  const viewer = optionalViewer(context);
  const page = pageFromUrl(request.url);
  const result = await listMembers(viewer, { page, perPage: 20 });
  return { ...result, page, url: `${publicUrl()}/membros${page > 1 ? `?page=${page}` : ""}` };
}

export const meta: Route.MetaFunction = ({ loaderData }) =>
  pageMeta({
    title: "Quem Seguir",
    description: "Membros da comunidade para seguir: veja o que eles publicam no blog e nas perguntas.",
    url: loaderData?.url,
  });

/** Following someone here keeps the list still (the button shows Seguindo), instead of reordering it. */
export const shouldRevalidate: ShouldRevalidateFunction = ({ formAction, defaultShouldRevalidate }) =>
  formAction === href("/api/follows") ? false : defaultShouldRevalidate;

function followersLabel(count: number) {
  return `${count} ${plural(count, "seguidor", "seguidores")}`;
}

export default function Members({ loaderData }: Route.ComponentProps) {
  const { members, page, totalPages } = loaderData;
  return (
    <div className="mx-auto max-w-4xl px-4 py-8">
      <Link to={href("/blog")} className="text-primary text-sm font-semibold hover:underline">
        ← Todos os Posts
      </Link>
      <h1 className="mt-2 text-3xl font-extrabold tracking-tight text-slate-900">Quem Seguir</h1>
      <p className="mt-2 text-slate-700">
        Siga membros para ver os posts deles primeiro em Para Você e na aba Seguindo do blog.
      </p>
      <ul className="mt-6 grid gap-4 sm:grid-cols-2">
        {members.map((member) => (
          // On a phone the Seguir button goes under the text (lined up with it), so the card fits the screen.
          <li key={member.id} className="card flex min-w-0 flex-wrap gap-3 sm:flex-nowrap">
            <AvatarImage src={member.avatarUrl} handle={member.handle} size="lg" className="size-12" />
            <div className="flex min-w-0 flex-1 flex-col gap-1">
              <Link
                to={href("/u/:handle", { handle: member.handle })}
                className="truncate font-semibold text-slate-900 hover:underline"
              >
                {member.name}
              </Link>
              {visibleRoleLine(member.roleLine) ? (
                <span className="truncate text-sm text-slate-600">{visibleRoleLine(member.roleLine)}</span>
              ) : null}
              {member.bio ? <p className="line-clamp-2 text-sm text-slate-700">{member.bio}</p> : null}
              <span className="text-xs text-slate-600">{followersLabel(member.followerCount)}</span>
            </div>
            <div className="shrink-0 max-sm:basis-full max-sm:pl-15">
              <FollowButton userId={member.id} following={member.following} name={member.name} />
            </div>
          </li>
        ))}
      </ul>
      <Pagination page={page} totalPages={totalPages} />
    </div>
  );
}
