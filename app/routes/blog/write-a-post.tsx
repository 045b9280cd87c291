// /write-a-post — the post writer (members only), under the blue header.
import { PostForm, type PostFormValues } from "#app/features/posts/components/post-form.tsx";
import { createPost } from "#app/features/posts/posts.server.ts";
import { suggestedTags } from "#app/features/tags/tags.server.ts";
import { requireViewer } from "#app/lib/auth-guard.server.ts";
import { pageMeta } from "#app/lib/meta.ts";
import { topic, writeChanges } from "#app/lib/visitor-page-topics.server.ts";
import type { Route } from "./+types/write-a-post";
import { handlePostForm } from "./post-form.server.ts";
import { href } from "react-router";

export const handle = { headerTheme: "blue" } as const;

export const meta: Route.MetaFunction = () =>
  pageMeta({
    title: "Escrever post",
    description: "Escreva um post para o blog da comunidade.",
    noindex: true,
  });

export async function loader({ request, context }: Route.LoaderArgs) {
  requireViewer(request, context);
  return { suggestions: (await suggestedTags()).map((t) => t.name) };
}

export async function action({ request, context }: Route.ActionArgs) {
  const viewer = requireViewer(request, context);
  writeChanges(context, topic.member(viewer.id));
  return handlePostForm(request, viewer, (input) => createPost(viewer, input));
}

const EMPTY: PostFormValues = {
  title: "",
  description: "",
  category: "desenvolvimento",
  tags: [],
  body: "",
  coverUrl: "",
  favorite: false,
};

export default function WriteAPost({ loaderData, actionData }: Route.ComponentProps) {
  return (
    <div className="mx-auto max-w-4xl px-4 py-8">
      <h1 className="sr-only">Escrever post</h1>
      <PostForm
        mode="create"
        initial={actionData?.values ?? EMPTY}
        lastResult={actionData?.result}
        suggestions={loaderData.suggestions}
        draftKey="post:novo"
        cancelHref={href("/blog")}
      />
    </div>
  );
}
