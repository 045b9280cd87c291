// /blog/:slug — one post: title, author with Seguir, date, reading time, cover, body, tags, like, favourite,
// copy link, comments, and edit / delete for its author (and moderators). Article structured data for
// search engines.
import { data, Form, Link, href } from "react-router";
import { RichText } from "#app/components/rich-text.tsx";
import { listPostComments } from "#app/features/posts/comments.server.ts";
import { AuthorBlock } from "#app/features/posts/components/author-block.tsx";
import { blockedAmong } from "#app/features/moderation/blocks.server.ts";
import { BlockedContent } from "#app/features/moderation/components/blocked-content.tsx";
import { tagHref } from "#app/features/posts/components/blog-sidebar.tsx";
import { CommentSection } from "#app/features/posts/components/comment-section.tsx";
import { ConfirmSubmit } from "#app/components/confirm-submit.tsx";
import { CopyLinkButton } from "#app/features/posts/components/copy-link-button.tsx";
import { WatchButton } from "#app/components/watch-button.tsx";
import { isWatching } from "#app/features/notifications/thread-watches.server.ts";
import { FlagLink } from "#app/features/moderation/components/flag-link.tsx";
import { FavoriteButton } from "#app/features/posts/components/favorite-button.tsx";
import { LikeButton } from "#app/features/posts/components/like-button.tsx";
import { linksOfPost } from "#app/features/posts/answer-posts.server.ts";
import { getPostPage } from "#app/features/posts/posts.server.ts";
import { CATEGORY_LABELS } from "#app/features/posts/rules.ts";
import { optionalViewer } from "#app/lib/auth-guard.server.ts";
import { formatDate, isoDate } from "#app/lib/dates.ts";
import { publicUrl } from "#app/lib/env.server.ts";
import { pageMeta, SITE_NAME } from "#app/lib/meta.ts";
import { pageHtml } from "#app/lib/page-html.server.ts";
import { useNonce } from "#app/lib/nonce.tsx";
import { pageShows, topic } from "#app/lib/visitor-page-topics.server.ts";
import { postPageAction } from "./post-page-action.server.ts";
import type { Route } from "./+types/post-page";

export async function loader({ params, context }: Route.LoaderArgs) {
  const viewer = optionalViewer(context);
  const post = await getPostPage(viewer, params.slug);
  if (!post) throw data("Post não encontrado.", { status: 404 });
  pageShows(context, topic.post(post.id));
  const origin = publicUrl();
  const [threads, links, watching] = await Promise.all([
    listPostComments(viewer, post.id),
    // Where it came from and the questions asked about it (ADR 043).
    linksOfPost(post.id, post.fromAnswerId),
    isWatching(viewer?.id, { kind: "post", id: post.id }),
  ]);
  // Members the viewer blocked are collapsed for them.
  const blocked = await blockedAmong(viewer?.id, [
    post.author.id,
    ...threads.flatMap((t) => [t, ...t.replies]).flatMap((c) => (c.author ? [c.author.id] : [])),
  ]);
  const mark = <C extends { author: { id: number } | null }>(c: C) =>
    c.author && blocked.has(c.author.id) ? { ...c, authorBlocked: true } : c;
  const comments = threads.map((t) => ({ ...mark(t), replies: t.replies.map(mark) }));
  return {
    authorBlocked: blocked.has(post.author.id),
    // The body travels once: as HTML in a document, inside the data for client navigations.
    post: { ...post, body: pageHtml(context, `post-${post.id}`, post.body) },
    comments,
    links,
    watching,
    viewerId: viewer?.id ?? null,
    url: `${origin}/blog/${post.slug}`,
    origin,
  };
}

function absolute(origin: string, url: string | null) {
  if (!url) return undefined;
  return /^https?:\/\//.test(url) ? url : `${origin}${url}`;
}

export const meta: Route.MetaFunction = ({ loaderData }) => {
  if (!loaderData) return pageMeta({ title: "Post não encontrado", noindex: true });
  const { post, url, origin } = loaderData;
  return [
    ...pageMeta({
      title: post.title,
      description: post.description || `${post.title} — um post de ${post.author.name} no blog.`,
      url,
      image: absolute(origin, post.coverUrl),
      type: "article",
    }),
    { property: "article:published_time", content: isoDate(post.createdAt) },
    ...(post.updatedAt ? [{ property: "article:modified_time", content: isoDate(post.updatedAt) }] : []),
    ...post.tags.map((tag) => ({ property: "article:tag", content: tag.name })),
  ];
};

export async function action(args: Route.ActionArgs) {
  return postPageAction(args);
}

function ArticleJsonLd({ loaderData }: { loaderData: Route.ComponentProps["loaderData"] }) {
  const nonce = useNonce();
  const { post, url, origin } = loaderData;
  const json = {
    "@context": "https://schema.org",
    "@type": "Article",
    headline: post.title,
    description: post.description || undefined,
    datePublished: isoDate(post.createdAt),
    dateModified: isoDate(post.updatedAt ?? post.createdAt),
    mainEntityOfPage: { "@type": "WebPage", "@id": url },
    url,
    image: absolute(origin, post.coverUrl),
    articleSection: CATEGORY_LABELS[post.category],
    keywords: post.tags.map((t) => t.name).join(", ") || undefined,
    author: { "@type": "Person", name: post.author.name, url: `${origin}/u/${post.author.handle}` },
    publisher: { "@type": "Organization", name: SITE_NAME, url: origin },
    interactionStatistic: [
      {
        "@type": "InteractionCounter",
        interactionType: "https://schema.org/LikeAction",
        userInteractionCount: post.likeCount,
      },
      {
        "@type": "InteractionCounter",
        interactionType: "https://schema.org/CommentAction",
        userInteractionCount: post.commentCount,
      },
    ],
  };
  // `<` escaped so a title can never close the script element.
  const text = JSON.stringify(json).replace(/</g, "\\u003c");
  return <script type="application/ld+json" nonce={nonce} dangerouslySetInnerHTML={{ __html: text }} />;
}

export default function PostPage({ loaderData }: Route.ComponentProps) {
  const { post, comments, viewerId, url, links } = loaderData;
  const isAuthor = viewerId === post.author.id;
  return (
    <article className="mx-auto max-w-3xl px-4 py-8">
      <ArticleJsonLd loaderData={loaderData} />
      <nav aria-label="Trilha" className="text-sm text-slate-600">
        <Link to={href("/blog")} className="hover:underline">
          Blog
        </Link>
        <span aria-hidden="true"> / </span>
        <Link to={`${href("/blog")}?tab=${post.category}`} className="hover:underline">
          {CATEGORY_LABELS[post.category]}
        </Link>
      </nav>
      <header className="mt-4 flex flex-col gap-5">
        <h1 className="text-3xl leading-tight font-extrabold tracking-tight text-slate-900 md:text-4xl">
          {post.title}
        </h1>
        {post.description ? <p className="text-lg text-slate-700">{post.description}</p> : null}
        <AuthorBlock author={post.author} following={post.viewer.followingAuthor} isSelf={isAuthor} />
        <p className="flex flex-wrap gap-x-3 text-sm text-slate-600">
          <span>
            Publicado em <time dateTime={isoDate(post.createdAt)}>{formatDate(post.createdAt)}</time>
          </span>
          <span aria-hidden="true">·</span>
          <span>{post.readingMinutes} min de leitura</span>
          {post.updatedAt ? (
            <>
              <span aria-hidden="true">·</span>
              <span>
                Editado em <time dateTime={isoDate(post.updatedAt)}>{formatDate(post.updatedAt)}</time>
              </span>
            </>
          ) : null}
        </p>
        {links.from ? (
          <p className="rounded-lg bg-slate-100 px-4 py-3 text-sm text-slate-800">
            Este post nasceu de uma resposta em{" "}
            <Link
              className="text-primary font-semibold break-words hover:underline"
              to={`${href("/questions/:id", { id: String(links.from.questionId) })}#resposta-${links.from.answerId}`}
            >
              {links.from.questionTitle}
            </Link>
          </p>
        ) : null}
        {post.viewer.canManage ? (
          <div className="flex flex-wrap gap-2">
            <Link to={href("/blog/:slug/editar", { slug: post.slug })} className="btn-outline">
              Editar post
            </Link>
            <Form method="post">
              <ConfirmSubmit
                dialogId={`confirmar-excluir-post-${post.id}`}
                label="Excluir post"
                title="Excluir este post?"
                description="O post sai do blog, dos favoritos e das buscas. Não dá para desfazer."
                confirmLabel="Excluir"
                className="inline-flex items-center justify-center rounded-md border border-red-700 px-4 py-2 text-sm font-semibold text-red-700 hover:bg-red-50"
              >
                <input type="hidden" name="intent" value="delete-post" />
              </ConfirmSubmit>
            </Form>
          </div>
        ) : null}
      </header>

      {post.coverUrl ? (
        <img
          src={post.coverUrl}
          alt=""
          width={1200}
          height={630}
          decoding="async"
          className="mt-8 aspect-[1200/630] w-full rounded-lg bg-slate-100 object-cover"
        />
      ) : null}

      {loaderData.authorBlocked ? (
        <div className="mt-8">
          <BlockedContent>
            <RichText html={post.body} className="text-lg" />
          </BlockedContent>
        </div>
      ) : (
        <RichText html={post.body} className="mt-8 text-lg" />
      )}

      {post.tags.length > 0 ? (
        <ul aria-label="Tags" className="mt-8 flex flex-wrap gap-2">
          {post.tags.map((tag) => (
            <li key={tag.slug}>
              <Link to={tagHref(tag.slug)} className="tag-chip">
                #{tag.name}
              </Link>
            </li>
          ))}
        </ul>
      ) : null}

      <div className="mt-8 flex flex-wrap items-center gap-3 border-y border-slate-200 py-4">
        <LikeButton postId={post.id} liked={post.viewer.liked} count={post.likeCount} />
        <FavoriteButton postId={post.id} favorited={post.viewer.favorited} showLabel />
        <CopyLinkButton url={url} />
        <WatchButton thread={`post-${post.id}`} watching={loaderData.watching} />
        {isAuthor ? null : (
          <FlagLink
            kind="post"
            id={post.id}
            signedIn={viewerId !== null}
            signInHref={`${href("/entrar")}?redirectTo=${encodeURIComponent(href("/blog/:slug", { slug: post.slug }))}`}
            className="ml-auto text-sm text-slate-600 hover:text-slate-900 hover:underline"
          />
        )}
      </div>

      <QuestionsAboutPost slug={post.slug} links={links} />

      <CommentSection threads={comments} count={post.commentCount} signedIn={viewerId !== null} />
    </article>
  );
}

/** "Perguntas sobre este post" (newest first, capped in SQL) and "Perguntar sobre este post" (ADR 043). */
function QuestionsAboutPost({
  slug,
  links,
}: {
  slug: string;
  links: Route.ComponentProps["loaderData"]["links"];
}) {
  const more = links.questionsAboutCount - links.questionsAbout.length;
  return (
    <section aria-labelledby="perguntas-sobre-titulo" className="mt-8 flex flex-col gap-3">
      <div className="flex flex-wrap items-center justify-between gap-3">
        <h2 id="perguntas-sobre-titulo" className="text-xl font-bold text-slate-900">
          Perguntas sobre este post
        </h2>
        <Link to={`${href("/ask-a-question")}?sobre=${encodeURIComponent(slug)}`} className="btn-outline">
          Perguntar sobre este post
        </Link>
      </div>
      {links.questionsAbout.length === 0 ? (
        <p className="text-sm text-slate-600">Ninguém perguntou sobre este post ainda.</p>
      ) : (
        <ul className="flex flex-col gap-2">
          {links.questionsAbout.map((q) => (
            <li key={q.id} className="flex flex-wrap items-baseline gap-2">
              <Link
                to={href("/questions/:id", { id: String(q.id) })}
                className="text-primary min-w-0 font-semibold break-words hover:underline"
              >
                {q.title}
              </Link>
              <span className={`text-xs ${q.answered ? "text-green-dark" : "text-slate-600"}`}>
                {q.answered ? "respondida" : "sem respostas"}
              </span>
            </li>
          ))}
        </ul>
      )}
      {more > 0 ? (
        <p className="text-sm text-slate-600">
          {more === 1 ? "E mais 1 pergunta." : `E mais ${more} perguntas.`}
        </p>
      ) : null}
    </section>
  );
}
