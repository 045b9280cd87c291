// /blog — 'Todos os Posts': tabs in the address, 10 cards a page, and the side column.
import { Link, href, type ShouldRevalidateFunction } from "react-router";
import { Pagination, pageFromUrl } from "#app/components/pagination.tsx";
import { BlogSidebar } from "#app/features/posts/components/blog-sidebar.tsx";
import { BlogTabs, blogTabHref } from "#app/features/posts/components/blog-tabs.tsx";
import { PostCard } from "#app/features/posts/components/post-card.tsx";
import { blogListPage } from "#app/features/posts/lists.server.ts";
import { BLOG_TABS, parseBlogTab } from "#app/features/posts/rules.ts";
import { suggestMembersToFollow } from "#app/features/social/follows.server.ts";
import { recommendedTags } from "#app/features/tags/tags.server.ts";
import { optionalViewer } from "#app/lib/auth-guard.server.ts";
import { keepFragmentsOf } from "#app/lib/page-html.server.ts";
import { KeptElement } from "#app/lib/page-html-fragment.tsx";
import { publicUrl } from "#app/lib/env.server.ts";
import { pageMeta } from "#app/lib/meta.ts";
import type { Route } from "./+types/blog-list";

export async function loader({ request, context }: Route.LoaderArgs) {
  const viewer = optionalViewer(context);
  const url = new URL(request.url);
  const tab = parseBlogTab(url.searchParams.get("tab"));
  const tagSlug = url.searchParams.get("tag");
  const page = pageFromUrl(url);
  const [{ list, picks, sharedList, followsMembers }, topics] = await Promise.all([
    blogListPage(viewer, { tab, page, tagSlug }),
    recommendedTags(),
  ]);
  // The page's marks tell whether the member follows anyone: if not, everyone's suggestions are theirs.
  const suggestions = await suggestMembersToFollow(viewer, 3, { followsNobody: followsMembers === false });
  // The cards of a shared page are rendered once per page and per favourite mark (not per member).
  if (sharedList) keepFragmentsOf(context, sharedList);
  const canonical = new URL(`${publicUrl()}/blog`);
  if (tab !== "para-voce") canonical.searchParams.set("tab", tab);
  if (list.tag) canonical.searchParams.set("tag", list.tag.slug);
  if (page > 1) canonical.searchParams.set("page", String(page));
  return {
    tab,
    list,
    picks,
    topics,
    suggestions,
    signedIn: Boolean(viewer),
    canonical: canonical.toString(),
    origin: publicUrl(),
  };
}

export const meta: Route.MetaFunction = ({ loaderData }) => {
  const tag = loaderData?.list.tag;
  const tabLabel = BLOG_TABS.find((t) => t.id === loaderData?.tab)?.label;
  const title = tag
    ? `Posts sobre ${tag.name}`
    : loaderData?.tab === "para-voce"
      ? "Blog"
      : `Blog: ${tabLabel}`;
  return [
    ...pageMeta({
      title,
      description:
        "Todos os posts do blog da Suporte de Domingo: front-end, back-end, design, UX, UI e carreira.",
      url: loaderData?.canonical,
      noindex: loaderData?.tab === "seguindo",
    }),
    {
      tagName: "link",
      rel: "alternate",
      type: "application/rss+xml",
      title: tag ? `Posts sobre ${tag.name}` : "Blog da Suporte de Domingo",
      href: tag
        ? `${loaderData?.origin}/blog/tag/${tag.slug}/feed.xml`
        : `${loaderData?.origin}/blog/feed.xml`,
    },
  ];
};

/** Following someone from 'Quem Seguir' keeps the page as it is (the button shows the new state). */
export const shouldRevalidate: ShouldRevalidateFunction = ({ formAction, defaultShouldRevalidate }) => {
  if (formAction === href("/api/follows")) return false;
  return defaultShouldRevalidate;
};

export default function BlogList({ loaderData }: Route.ComponentProps) {
  const { tab, list, picks, topics, suggestions } = loaderData;
  return (
    <div className="mx-auto grid max-w-7xl grid-cols-[minmax(0,1fr)] gap-8 px-4 py-8 lg:grid-cols-[minmax(0,1fr)_20rem]">
      <div className="flex min-w-0 flex-col gap-6">
        <div className="flex flex-wrap items-center justify-between gap-4">
          <h1 className="text-3xl font-extrabold tracking-tight text-slate-900">Todos os Posts</h1>
          <Link to={href("/write-a-post")} className="btn-primary">
            Escrever post
          </Link>
        </div>
        <BlogTabs current={tab} tagSlug={list.tag?.slug} />
        {list.tag ? (
          <p className="flex flex-wrap items-center gap-3 text-sm text-slate-700">
            <span>
              Posts com a tag <strong className="text-slate-900">{list.tag.name}</strong>
            </span>
            <Link to={blogTabHref(tab)} className="text-primary font-semibold hover:underline">
              Ver todos os posts
            </Link>
            <a
              href={href("/blog/tag/:tag/feed.xml", { tag: list.tag.slug })}
              className="text-primary font-semibold hover:underline"
            >
              RSS desta tag
            </a>
          </p>
        ) : null}
        <PostList tab={tab} list={list} signedIn={loaderData.signedIn} />
        <Pagination page={list.page} totalPages={list.totalPages} />
      </div>
      <BlogSidebar picks={picks} topics={topics} suggestions={suggestions} />
    </div>
  );
}

function PostList({
  tab,
  list,
  signedIn,
}: {
  tab: string;
  list: Route.ComponentProps["loaderData"]["list"];
  signedIn: boolean;
}) {
  if (list.needsSignIn) {
    return (
      <div className="card text-center">
        <p className="text-slate-800">Entre na sua conta para ver os posts de quem você segue.</p>
        <Link
          to={`${href("/entrar")}?redirectTo=${encodeURIComponent("/blog?tab=seguindo")}`}
          className="btn-primary mt-4"
        >
          Entrar
        </Link>
      </div>
    );
  }
  if (list.items.length === 0) {
    return (
      <div className="card text-center text-slate-800">
        {tab === "seguindo" && signedIn ? (
          <p>
            Você ainda não segue ninguém que tenha publicado.{" "}
            <Link to={href("/membros")} className="text-primary font-semibold hover:underline">
              Encontre pessoas para seguir
            </Link>
            .
          </p>
        ) : list.page > 1 ? (
          <p>
            Esta página não existe.{" "}
            <Link to={href("/blog")} className="text-primary font-semibold hover:underline">
              Voltar para a primeira página
            </Link>
            .
          </p>
        ) : (
          <p>Nenhum post por aqui ainda. Que tal escrever o primeiro?</p>
        )}
      </div>
    );
  }
  return (
    <ol className="flex flex-col gap-4" aria-label="Posts">
      {list.items.map((post) => (
        // The card renders from the post and the reader's favourite mark alone.
        <KeptElement
          key={post.id}
          tag="li"
          attributes={{}}
          fragmentKey={() => `post-card ${post.id} ${post.favorited}`}
        >
          <PostCard post={post} />
        </KeptElement>
      ))}
    </ol>
  );
}
