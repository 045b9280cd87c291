// Helpers for the blog's integration tests (never imported by the app).
import type { Viewer } from "#app/lib/viewer.ts";
import { createPost, type PostInput } from "#app/features/posts/posts.server.ts";

export const LONG_BODY =
  "<p>Um texto de exemplo com bem mais do que cinquenta caracteres, para passar na validação do post.</p>";

let counter = 0;

export async function publish(author: Viewer, overrides: Partial<PostInput> = {}) {
  counter += 1;
  return createPost(author, {
    title: `Post de teste ${counter} ${Math.random().toString(36).slice(2, 6)}`,
    description: "Uma descrição curta",
    category: "desenvolvimento",
    body: LONG_BODY,
    bodyFormat: "html",
    tags: [],
    ...overrides,
  });
}
