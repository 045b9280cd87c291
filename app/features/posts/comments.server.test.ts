import { eq } from "drizzle-orm";
import { describe, expect, test } from "vitest";
import { notifications, posts } from "#db/schema.ts";
import { setupTestDatabase } from "#tests/support/database.ts";
import { createMember } from "#tests/support/factories.ts";
import { addPostComment, deletePostComment, listPostComments } from "./comments.server.ts";
import { deletePost } from "./posts.server.ts";
import { publish } from "#tests/support/posts.ts";

const db = setupTestDatabase();

async function commentCount(postId: number) {
  const [row] = await db().select({ n: posts.commentCount }).from(posts).where(eq(posts.id, postId));
  return row?.n;
}

describe("post comments", () => {
  test("members comment and reply one level deep; the count follows", async () => {
    const author = await createMember(db());
    const ana = await createMember(db());
    const bia = await createMember(db());
    const { id: postId } = await publish(author);

    await expect(addPostComment(null, postId, { body: "oi" })).rejects.toMatchObject({
      code: "unauthenticated",
    });
    await expect(addPostComment(ana, postId, { body: "   " })).rejects.toMatchObject({ field: "body" });
    await expect(addPostComment(ana, postId, { body: "x".repeat(2001) })).rejects.toMatchObject({
      field: "body",
    });

    const first = await addPostComment(ana, postId, { body: "  Ótimo post!\r\nObrigada.  " });
    const reply = await addPostComment(bia, postId, { body: "Concordo", parentId: first.id });
    const replyToReply = await addPostComment(author, postId, { body: "Valeu!", parentId: reply.id });
    await Promise.all([1, 2, 3].map((n) => addPostComment(bia, postId, { body: `Comentário ${n}` })));
    expect(await commentCount(postId)).toBe(6);

    const threads = await listPostComments(ana, postId);
    expect(threads).toHaveLength(4);
    expect(threads[0]).toMatchObject({ id: first.id, body: "Ótimo post!\nObrigada.", canDelete: true });
    expect(threads[0]?.replies.map((r) => r.id)).toEqual([reply.id, replyToReply.id]);
    expect(threads[0]?.replies.every((r) => r.parentId === first.id)).toBe(true);
    expect(threads[0]?.replies.map((r) => r.canDelete)).toEqual([false, false]);
  });

  test("authors and moderators delete; other members and visitors cannot", async () => {
    const author = await createMember(db());
    const ana = await createMember(db());
    const other = await createMember(db());
    const moderator = await createMember(db(), { role: "moderator" });
    const { id: postId } = await publish(author);
    const top = await addPostComment(ana, postId, { body: "Primeiro" });
    const reply = await addPostComment(other, postId, { body: "Resposta", parentId: top.id });
    const lone = await addPostComment(other, postId, { body: "Sozinho" });

    await expect(deletePostComment(null, top.id)).rejects.toMatchObject({ code: "unauthenticated" });
    await expect(deletePostComment(other, top.id)).rejects.toMatchObject({ code: "forbidden" });
    // The post's author is not the comment's author.
    await expect(deletePostComment(author, top.id)).rejects.toMatchObject({ code: "forbidden" });

    await deletePostComment(ana, top.id);
    await deletePostComment(ana, top.id).catch(() => undefined);
    await deletePostComment(moderator, lone.id);
    expect(await commentCount(postId)).toBe(1);

    const threads = await listPostComments(null, postId);
    // The removed comment stays as a placeholder while its reply is shown; the lone one is gone.
    expect(threads).toHaveLength(1);
    expect(threads[0]).toMatchObject({ removed: true, body: "", author: null, canDelete: false });
    expect(threads[0]?.replies.map((r) => r.id)).toEqual([reply.id]);

    await expect(addPostComment(other, postId, { body: "Oi", parentId: top.id })).rejects.toMatchObject({
      code: "not_found",
    });
    await deletePostComment(other, reply.id);
    expect(await listPostComments(null, postId)).toEqual([]);
    expect(await commentCount(postId)).toBe(0);
  });

  test("the post's author and the author of the comment answered are told", async () => {
    const author = await createMember(db());
    const ana = await createMember(db(), { name: "Ana Comentadora" });
    const bia = await createMember(db(), { name: "Bia Respondona" });
    const { id: postId } = await publish(author, { title: "Post comentado" });
    const top = await addPostComment(ana, postId, { body: "Oi" });
    await addPostComment(bia, postId, { body: "Oi, Ana", parentId: top.id });
    const forAuthor = await db().select().from(notifications).where(eq(notifications.userId, author.id));
    expect(forAuthor).toHaveLength(1);
    expect(forAuthor[0]).toMatchObject({ kind: "comment", count: 2 });
    const forAna = await db().select().from(notifications).where(eq(notifications.userId, ana.id));
    expect(forAna).toHaveLength(1);
    expect(forAna[0]).toMatchObject({
      kind: "comment",
      title: 'Bia Respondona respondeu ao seu comentário em "Post comentado"',
    });
    expect(forAna[0]?.url).toMatch(/#comentario-\d+$/);
  });

  test("deleting a comment or a post deletes the notifications that lead to it, and only those", async () => {
    const author = await createMember(db());
    const ana = await createMember(db());
    const bia = await createMember(db());
    const notified = async (userId: number) =>
      (
        await db()
          .select({ url: notifications.url })
          .from(notifications)
          .where(eq(notifications.userId, userId))
      )
        .map((n) => n.url)
        .sort();
    const { id: postId } = await publish(author, { title: "Post que vai sumir" });
    const { id: keptId } = await publish(author, { title: "Post que fica" });
    const top = await addPostComment(ana, postId, { body: "Oi" });
    const reply = await addPostComment(bia, postId, { body: "Oi, Ana", parentId: top.id });
    await addPostComment(bia, keptId, { body: "Neste também" });
    expect(await notified(ana.id)).toEqual([expect.stringMatching(new RegExp(`#comentario-${reply.id}$`))]);

    // Bia deletes her reply: Ana's notice of it would open a comment that is gone. The author's line groups it
    // with Ana's comment, and stays.
    await deletePostComment(bia, reply.id);
    expect(await notified(ana.id)).toEqual([]);

    // The author deletes the post: its notices would open a 404; the other post's stay.
    expect(await notified(author.id)).toHaveLength(2);
    await deletePost(author, postId);
    const left = await notified(author.id);
    expect(left).toHaveLength(1);
    expect(left[0]).not.toContain(`#comentario-${top.id}`);
  });

  test("no comments on a deleted post", async () => {
    const author = await createMember(db());
    const { id } = await publish(author);
    await deletePost(author, id);
    await expect(addPostComment(author, id, { body: "Oi" })).rejects.toMatchObject({ code: "not_found" });
  });
});
