// /blog/:slug/editar — the author (or a moderator) edits a post with the writer's form.
import { data, href } from "react-router";
import { PostForm } from "#app/features/posts/components/post-form.tsx";
import { questionIdOfPost } from "#app/features/posts/answer-posts.server.ts";
import { getPostForEdit, updatePost } from "#app/features/posts/posts.server.ts";
import { tagChoicesFor } from "#app/features/tags/tags.server.ts";
import { requireViewer } from "#app/lib/auth-guard.server.ts";
import { isAppError } from "#app/lib/errors.ts";
import { pageMeta } from "#app/lib/meta.ts";
import { topic, writeChanges } from "#app/lib/visitor-page-topics.server.ts";
import type { Route } from "./+types/post-edit";
import { handlePostForm } from "./post-form.server.ts";

export const handle = { headerTheme: "blue" } as const;

export const meta: Route.MetaFunction = ({ loaderData }) =>
  pageMeta({ title: loaderData ? `Editar: ${loaderData.post.title}` : "Editar post", noindex: true });

async function load(viewer: Parameters<typeof getPostForEdit>[0], slug: string) {
  try {
    return await getPostForEdit(viewer, slug);
  } catch (error) {
    if (isAppError(error)) throw data(error.message, { status: error.status });
    throw error;
  }
}

export async function loader({ params, request, context }: Route.LoaderArgs) {
  const viewer = requireViewer(request, context);
  const [post, tagChoices] = await Promise.all([load(viewer, params.slug), tagChoicesFor(viewer)]);
  return { post, ...tagChoices };
}

export async function action({ params, request, context }: Route.ActionArgs) {
  const viewer = requireViewer(request, context);
  const post = await load(viewer, params.slug);
  // A new slug moves the page: the old address is refreshed (into a redirect) with the rest of the post's.
  writeChanges(context, topic.post(post.id));
  // Its title shows under the answer it was made from ("Virou post", ADR 043).
  const questionId = await questionIdOfPost(post.id);
  if (questionId !== null) writeChanges(context, topic.question(questionId));
  return handlePostForm(request, viewer, (input) => updatePost(viewer, post.id, input));
}

export default function PostEdit({ loaderData, actionData }: Route.ComponentProps) {
  const { post } = loaderData;
  return (
    <div className="mx-auto max-w-4xl px-4 py-8">
      <h1 className="text-primary mb-4 text-sm font-semibold tracking-wide uppercase">Editar post</h1>
      <PostForm
        mode="edit"
        initial={
          actionData?.values ?? {
            title: post.title,
            description: post.description,
            category: post.category,
            tags: post.tags,
            body: post.body,
            coverUrl: post.coverUrl ?? "",
            favorite: false,
          }
        }
        lastResult={actionData?.result}
        suggestions={loaderData.suggestions}
        canCreateTags={loaderData.canCreateTags}
        draftKey={`post:${post.id}`}
        cancelHref={href("/blog/:slug", { slug: post.slug })}
      />
    </div>
  );
}
