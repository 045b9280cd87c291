// A post in a list (spec §Blog list): author, title, description, date, like and comment counts, the
// favourite toggle and the optional image.
import { Link, href } from "react-router";
import { AvatarImage, shortName } from "#app/components/avatar.tsx";
import { ChatIcon, HeartIcon } from "#app/components/icons.tsx";
import { formatDate, isoDate } from "#app/lib/dates.ts";
import { plural } from "#app/lib/plural.ts";
import type { PostCardData } from "../lists.server.ts";
import { CATEGORY_LABELS } from "../rules.ts";
import { FavoriteButton } from "./favorite-button.tsx";

export function PostCard({ post, headingLevel = 2 }: { post: PostCardData; headingLevel?: 2 | 3 }) {
  const Heading = headingLevel === 2 ? "h2" : "h3";
  const postHref = href("/blog/:slug", { slug: post.slug });
  return (
    <article className="card flex flex-col gap-4 transition hover:shadow-md sm:flex-row sm:items-start">
      <div className="flex min-w-0 flex-1 flex-col gap-2">
        <div className="flex items-center gap-2 text-sm">
          <AvatarImage src={post.author.avatarUrl} handle={post.author.handle} size="sm" />
          <Link
            to={href("/u/:handle", { handle: post.author.handle })}
            className="truncate font-semibold text-slate-900 hover:underline"
          >
            {shortName(post.author.name)}
          </Link>
          <span aria-hidden="true" className="text-slate-400">
            ·
          </span>
          <time dateTime={isoDate(post.createdAt)} className="shrink-0 text-slate-600">
            {formatDate(post.createdAt)}
          </time>
        </div>
        <Heading className="text-lg leading-snug font-bold text-slate-900">
          <Link to={postHref} className="hover:text-primary hover:underline">
            {post.title}
          </Link>
        </Heading>
        {post.description ? <p className="line-clamp-2 text-sm text-slate-700">{post.description}</p> : null}
        <div className="mt-1 flex flex-wrap items-center gap-x-4 gap-y-1 text-sm text-slate-600">
          <span className="bg-primary-light text-primary rounded-full px-2 py-0.5 text-xs font-medium">
            {CATEGORY_LABELS[post.category]}
          </span>
          <span className="inline-flex items-center gap-1">
            <HeartIcon className="size-4" />
            {post.likeCount}
            <span className="sr-only">{plural(post.likeCount, "curtida", "curtidas")}</span>
          </span>
          <span className="inline-flex items-center gap-1">
            <ChatIcon className="size-4" />
            {post.commentCount}
            <span className="sr-only">{plural(post.commentCount, "comentário", "comentários")}</span>
          </span>
          <span>{post.readingMinutes} min de leitura</span>
          <span className="ml-auto">
            <FavoriteButton postId={post.id} favorited={post.favorited} />
          </span>
        </div>
      </div>
      {post.coverUrl ? (
        <Link to={postHref} tabIndex={-1} aria-hidden="true" className="order-first shrink-0 sm:order-last">
          <img
            src={post.coverUrl}
            alt=""
            width={320}
            height={180}
            loading="lazy"
            decoding="async"
            className="aspect-video w-full rounded-md bg-slate-100 object-cover sm:w-48"
          />
        </Link>
      ) : null}
    </article>
  );
}
