// Who wrote a post: avatar, real name (to their profile), reputation, when, and a Seguir button for others.
import { Link, href } from "react-router";
import { AvatarImage } from "#app/components/avatar.tsx";
import { FollowButton } from "#app/features/social/components/follow-button.tsx";
import { formatDate, isoDate } from "#app/lib/dates.ts";
import type { AuthorSummary } from "../question-rows.server.ts";
import { BadgeMark } from "#app/features/badges/components/badge-mark.tsx";

/** The author's badges by tier, beside their reputation (only the tiers they hold). */
function BadgeCounts({ author }: { author: AuthorSummary }) {
  const tiers = [
    ["ouro", author.goldBadges],
    ["prata", author.silverBadges],
    ["bronze", author.bronzeBadges],
  ] as const;
  return tiers
    .filter(([, n]) => n > 0)
    .map(([tier, n]) => (
      <span key={tier} className="inline-flex items-center gap-1">
        <BadgeMark tier={tier} />
        {n}
      </span>
    ));
}

export function AuthorBlock({
  author,
  action,
  at,
  following,
  showFollow,
  highlight = false,
}: {
  author: AuthorSummary;
  /** "Perguntou em", "Respondeu em". */
  action: string;
  at: Date;
  following: boolean;
  /** False on one's own posts. */
  showFollow: boolean;
  highlight?: boolean;
}) {
  return (
    <div
      className={`flex w-full flex-col gap-2 rounded-lg p-3 text-sm sm:w-80 ${
        highlight ? "bg-primary-light" : "bg-slate-50"
      }`}
    >
      <p className="text-xs text-slate-600">
        {action} <time dateTime={isoDate(at)}>{formatDate(at)}</time>
      </p>
      <div className="flex items-center gap-3">
        <AvatarImage src={author.avatarUrl} handle={author.handle} size="md" />
        <div className="min-w-0 flex-1">
          <Link
            to={href("/u/:handle", { handle: author.handle })}
            className="block truncate font-semibold text-slate-900 hover:underline"
          >
            {author.name}
          </Link>
          <p className="flex flex-wrap items-center gap-x-2 text-xs text-slate-600">
            <span>
              <span className="font-semibold text-slate-800">
                {author.reputation.toLocaleString("pt-BR")}
              </span>{" "}
              de reputação
            </span>
            <BadgeCounts author={author} />
          </p>
        </div>
        {showFollow ? <FollowButton userId={author.id} following={following} name={author.name} /> : null}
      </div>
    </div>
  );
}
