// The writer's and the edit page's action: parse the post form (multipart), store a cover sent without
// JavaScript, hand the post to the feature and turn its refusals into messages next to the fields.
import { parseWithZod } from "@conform-to/zod/v4";
import { data, redirect, href } from "react-router";
import type { PostFormActionData, PostFormValues } from "#app/features/posts/components/post-form.tsx";
import type { PostInput } from "#app/features/posts/posts.server.ts";
import { postSchema } from "#app/features/posts/schemas.ts";
import { storeImage } from "#app/features/uploads/uploads.server.ts";
import { SPAM_MESSAGES } from "#app/features/moderation/spam-defences.server.ts";
import { isAppError } from "#app/lib/errors.ts";
import { errorReply, invalidReply } from "#app/lib/form-replies.server.ts";
import { prepareSubmittedRichText } from "#app/lib/sanitize.server.ts";
import type { Viewer } from "#app/lib/viewer.ts";

const FIELDS = new Set(["title", "description", "category", "tags", "body", "coverUrl"]);

/** The submitted values, to show the form again exactly as it was sent (nothing typed is lost). */
function submittedValues(formData: FormData): PostFormValues {
  const text = (name: string) => {
    const value = formData.get(name);
    return typeof value === "string" ? value : "";
  };
  let body = "";
  try {
    body = prepareSubmittedRichText(formData.get("body"), formData.get("body-format"));
  } catch {
    body = "";
  }
  return {
    title: text("title"),
    description: text("description"),
    category: text("category"),
    tags: formData
      .getAll("tags")
      .filter((v): v is string => typeof v === "string")
      .flatMap((v) => v.split(","))
      .map((v) => v.trim())
      .filter(Boolean),
    body,
    coverUrl: text("coverUrl"),
    favorite: formData.get("favorite") === "on",
  };
}

export async function handlePostForm(
  request: Request,
  viewer: Viewer,
  /** Saves the post; `formData` is the whole form (the writer reads its draft's id there). */
  save: (input: PostInput, formData: FormData) => Promise<{ slug: string; held?: boolean }>,
) {
  let formData: FormData;
  try {
    formData = await request.formData();
  } catch {
    throw data("Não conseguimos ler o envio. Tente de novo.", { status: 400 });
  }
  const values = submittedValues(formData);
  const submission = parseWithZod(formData, { schema: postSchema });
  if (submission.status !== "success") {
    return invalidReply<PostFormActionData>(submission, { values });
  }
  try {
    let coverUrl = submission.value.coverUrl ?? null;
    const file = formData.get("coverFile");
    if (file instanceof File && file.size > 0) {
      try {
        coverUrl = (await storeImage(viewer, file, { resizeTo: 1600 })).url;
        values.coverUrl = coverUrl;
      } catch (error) {
        if (isAppError(error)) throw Object.assign(error, { field: "coverUrl" });
        throw error;
      }
    }
    const { slug, held } = await save(
      {
        title: submission.value.title,
        description: submission.value.description,
        category: submission.value.category,
        tags: formData.getAll("tags"),
        body: submission.value.body,
        bodyFormat: submission.value["body-format"],
        coverUrl,
        favorite: submission.value.favorite,
      },
      formData,
    );
    // A post held for review is hidden: its author reads why above the (emptied) form, not on a missing page.
    if (held) {
      return data<PostFormActionData>({
        result: submission.reply({ formErrors: [SPAM_MESSAGES.held], resetForm: true }),
        values: { ...values, title: "", description: "", body: "", tags: [] },
      });
    }
    return redirect(href("/blog/:slug", { slug }));
  } catch (error) {
    return errorReply<PostFormActionData>(submission, error, { values }, { fields: FIELDS });
  }
}
