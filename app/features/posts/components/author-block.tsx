// Who wrote the post, with Seguir (not on one's own post).
import { Link, href } from "react-router";
import { AvatarImage } from "#app/components/avatar.tsx";
import { visibleRoleLine } from "#app/lib/role-line.ts";
import { FollowButton } from "#app/features/social/components/follow-button.tsx";
import type { PostAuthor } from "../posts.server.ts";

export function AuthorBlock({
  author,
  following,
  isSelf,
}: {
  author: PostAuthor;
  following: boolean;
  isSelf: boolean;
}) {
  return (
    <div className="flex items-center gap-3">
      <AvatarImage src={author.avatarUrl} handle={author.handle} size="lg" className="size-12" />
      <div className="flex min-w-0 flex-col">
        <Link
          to={href("/u/:handle", { handle: author.handle })}
          className="font-semibold text-slate-900 hover:underline"
        >
          {author.name}
        </Link>
        {visibleRoleLine(author.roleLine) ? (
          <span className="text-sm text-slate-600">{visibleRoleLine(author.roleLine)}</span>
        ) : null}
      </div>
      {isSelf ? null : (
        <div className="ml-2">
          <FollowButton userId={author.id} following={following} name={author.name} />
        </div>
      )}
    </div>
  );
}
