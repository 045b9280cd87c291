// /write-a-post — the post writer (members only), under the blue header.
// ?rascunho=N: the draft made from an answer by "Transformar em post" (ADR 043), published with its link back.
import { data, Link } from "react-router";
import { getPostDraft, type PostDraft } from "#app/features/posts/answer-posts.server.ts";
import { PostForm, type PostFormValues } from "#app/features/posts/components/post-form.tsx";
import { createPost } from "#app/features/posts/posts.server.ts";
import { draftPublished, draftSyncsFor } from "#app/features/drafts/drafts.server.ts";
import { postDraftKey } from "#app/features/drafts/keys.ts";
import { tagChoicesFor } from "#app/features/tags/tags.server.ts";
import { requireViewer } from "#app/lib/auth-guard.server.ts";
import { isAppError } from "#app/lib/errors.ts";
import { formRowId } from "#app/lib/ids.ts";
import type { Viewer } from "#app/lib/viewer.ts";
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

async function loadDraft(request: Request, viewer: Viewer): Promise<PostDraft | null> {
  const param = new URL(request.url).searchParams.get("rascunho");
  if (param === null) return null;
  try {
    return await getPostDraft(viewer, formRowId(param));
  } catch (error) {
    if (isAppError(error)) throw data(error.message, { status: error.status });
    throw error;
  }
}

/** The member's draft of this writer (ADR 062): a new post's, or the post made from an answer's. */
function draftKeyOf(request: Request): string {
  const param = new URL(request.url).searchParams.get("rascunho");
  return postDraftKey(param === null ? null : formRowId(param) || null);
}

export async function loader({ request, context }: Route.LoaderArgs) {
  const viewer = requireViewer(request, context);
  const key = draftKeyOf(request);
  const [draft, tagChoices, drafts] = await Promise.all([
    loadDraft(request, viewer),
    tagChoicesFor(viewer),
    draftSyncsFor(viewer, [key]),
  ]);
  return { ...tagChoices, draft, serverDraft: drafts?.[key] };
}

export async function action({ request, context }: Route.ActionArgs) {
  const viewer = requireViewer(request, context);
  const draft = await loadDraft(request, viewer);
  // A post made from an answer shows under it ("Virou post"): the question's page changes too.
  writeChanges(context, topic.member(viewer.id), ...(draft ? [topic.question(draft.from.questionId)] : []));
  return handlePostForm(request, viewer, async (input, form) => {
    const created = await createPost(viewer, input, draft ? { draftId: draft.id } : {});
    // Published (or held for review): the member's draft of it goes, on every device.
    await draftPublished(viewer, postDraftKey(draft?.id ?? null), form.get("draftId"));
    return created;
  });
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
  const { draft } = loaderData;
  const initial: PostFormValues = draft
    ? { ...EMPTY, title: draft.title, tags: draft.tags, body: draft.body }
    : EMPTY;
  return (
    <div className="mx-auto max-w-4xl px-4 py-8">
      <h1 className="sr-only">Escrever post</h1>
      {draft ? (
        <div className="mb-4 rounded-lg bg-slate-100 px-4 py-3 text-sm text-slate-800">
          <p>
            Rascunho feito de uma resposta em{" "}
            <Link
              className="text-primary font-semibold hover:underline"
              to={`${href("/questions/:id", { id: String(draft.from.questionId) })}#resposta-${draft.from.answerId}`}
            >
              {draft.from.questionTitle}
            </Link>
            . Publicado, o post mostra o link de volta.
          </p>
          {draft.canPublish ? null : (
            <p className="mt-1 font-semibold">Só quem escreveu a resposta pode publicar este post.</p>
          )}
        </div>
      ) : null}
      <PostForm
        mode="create"
        initial={actionData?.values ?? initial}
        lastResult={actionData?.result}
        suggestions={loaderData.suggestions}
        canCreateTags={loaderData.canCreateTags}
        draftKey={postDraftKey(draft?.id ?? null)}
        serverDraft={loaderData.serverDraft}
        cancelHref={href("/blog")}
      />
    </div>
  );
}
