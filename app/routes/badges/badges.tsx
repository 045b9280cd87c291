// /medalhas — every badge of the site in bronze, silver and gold: what earns it, how many members hold it and
// the latest of them. The tag badges are earned per tag, by the score of one's answers in it.
import { href, Link } from "react-router";
import { badgeCatalogue } from "#app/features/badges/badges.server.ts";
import {
  BADGES,
  TAG_BADGE_KEYS,
  TIER_LABELS,
  tagBadgeDescription,
  type BadgeTier,
} from "#app/features/badges/rules.ts";
import { BadgeMark } from "#app/features/badges/components/badge-mark.tsx";
import { publicUrl } from "#app/lib/env.server.ts";
import { pageMeta } from "#app/lib/meta.ts";
import { countLabel } from "#app/lib/plural.ts";
import type { Route } from "./+types/badges";

export async function loader() {
  const catalogue = await badgeCatalogue();
  const tiers: BadgeTier[] = ["ouro", "prata", "bronze"];
  const entry = (key: string) => catalogue.get(key) ?? { holders: 0, recent: [] };
  return {
    url: `${publicUrl()}${href("/medalhas")}`,
    badges: BADGES.map((b) => ({ ...b, ...entry(b.key) })).sort(
      (a, b) => tiers.indexOf(a.tier) - tiers.indexOf(b.tier),
    ),
    tagBadges: tiers.map((tier) => ({
      key: TAG_BADGE_KEYS[tier],
      tier,
      name: `${TIER_LABELS[tier]} numa tag`,
      description: tagBadgeDescription(tier),
      ...entry(TAG_BADGE_KEYS[tier]),
    })),
  };
}

export const meta: Route.MetaFunction = ({ loaderData }) =>
  pageMeta({
    title: "Medalhas",
    description:
      "As medalhas da Suporte de Domingo: o que cada uma pede, em bronze, prata e ouro, e quem já ganhou.",
    url: loaderData?.url,
  });

type Row =
  | Route.ComponentProps["loaderData"]["badges"][number]
  | Route.ComponentProps["loaderData"]["tagBadges"][number];

function BadgeRow({ badge }: { badge: Row }) {
  return (
    <li id={badge.key} className="card flex scroll-mt-24 flex-col gap-2 sm:flex-row sm:items-start sm:gap-6">
      <div className="flex min-w-0 flex-1 flex-col gap-1">
        <h3 className="flex items-center gap-2 font-semibold text-slate-900">
          <BadgeMark tier={badge.tier} />
          {badge.name}
        </h3>
        <p className="text-sm text-slate-700">{badge.description}</p>
      </div>
      <div className="text-sm text-slate-700 sm:w-64 sm:text-right">
        <p className="font-medium">
          {badge.holders ? countLabel(badge.holders, "membro tem", "membros têm") : "Ninguém ainda"}
        </p>
        {badge.recent.length ? (
          <p className="mt-1 text-xs">
            Recentes:{" "}
            {badge.recent.map((holder, i) => (
              <span key={`${holder.handle}-${holder.tag ?? ""}`}>
                {i > 0 ? ", " : null}
                <Link
                  to={href("/u/:handle", { handle: holder.handle })}
                  className="text-primary hover:underline"
                >
                  {holder.name}
                </Link>
                {holder.tag ? ` (${holder.tag})` : null}
              </span>
            ))}
          </p>
        ) : null}
      </div>
    </li>
  );
}

export default function Badges({ loaderData }: Route.ComponentProps) {
  return (
    <div className="mx-auto flex max-w-4xl flex-col gap-6 px-4 py-8">
      <div>
        <h1 className="text-3xl font-extrabold tracking-tight text-slate-900">Medalhas</h1>
        <p className="mt-2 text-slate-700">
          Medalhas contam o que cada pessoa fez pela comunidade: bronze para os primeiros passos, prata e ouro
          para o que a comunidade mais valorizou. Cada uma é dada uma vez, assim que é conquistada, e aparece
          no perfil.
        </p>
      </div>
      <section aria-labelledby="medalhas-gerais" className="flex flex-col gap-3">
        <h2 id="medalhas-gerais" className="text-xl font-bold text-slate-900">
          Medalhas
        </h2>
        <ol className="flex flex-col gap-3">
          {loaderData.badges.map((badge) => (
            <BadgeRow key={badge.key} badge={badge} />
          ))}
        </ol>
      </section>
      <section aria-labelledby="medalhas-de-tag" className="flex flex-col gap-3">
        <h2 id="medalhas-de-tag" className="text-xl font-bold text-slate-900">
          Medalhas de tag
        </h2>
        <p className="text-sm text-slate-700">
          Ganhas em cada tag separadamente, pela soma da pontuação das suas respostas em perguntas daquela
          tag.
        </p>
        <ol className="flex flex-col gap-3">
          {loaderData.tagBadges.map((badge) => (
            <BadgeRow key={badge.key} badge={badge} />
          ))}
        </ol>
      </section>
    </div>
  );
}
