import { eq, inArray } from "drizzle-orm";
import { describe, expect, test } from "vitest";
import { favorites, posts, tags } from "#db/schema.ts";
import { findBlockedWord, forgetBlockedTerms } from "#app/features/moderation/spam-defences.server.ts";
import { setupTestDatabase } from "#tests/support/database.ts";
import { createMember } from "#tests/support/factories.ts";
import { PRIVILEGES } from "#app/features/moderation/rules.ts";
import {
  createPost,
  deletePost,
  getPostForEdit,
  getPostPage,
  listPostsForSitemap,
  readingMinutesFor,
  updatePost,
} from "./posts.server.ts";
import { LONG_BODY, publish } from "#tests/support/posts.ts";

const db = setupTestDatabase();

async function postCounts(names: string[]) {
  const rows = await db()
    .select({ name: tags.name, postCount: tags.postCount })
    .from(tags)
    .where(inArray(tags.name, names));
  return Object.fromEntries(rows.map((r) => [r.name, r.postCount]));
}

describe("createPost", () => {
  test("a visitor cannot publish", async () => {
    await expect(publish(null as never)).rejects.toMatchObject({ code: "unauthenticated" });
  });

  test("publishes with a slug from the title, reading time, tags counted and the favourite kept", async () => {
    const ana = await createMember(db());
    const words = Array.from({ length: 450 }, (_, i) => `palavra${i}`).join(" ");
    const { id, slug } = await createPost(ana, {
      title: "  Programação   em C: ponteiros!  ",
      description: "Sobre ponteiros",
      category: "desenvolvimento",
      body: `<p>${words}</p><script>alert(1)</script>`,
      bodyFormat: "html",
      tags: ["ponteiros-c", "Memória-C", "ponteiros-c"],
      favorite: true,
    });
    expect(slug).toBe("programacao-em-c-ponteiros");
    const [row] = await db().select().from(posts).where(eq(posts.id, id));
    expect(row).toMatchObject({ title: "Programação em C: ponteiros!", readingMinutes: 2, favoriteCount: 1 });
    expect(row?.body).not.toContain("script");
    expect(await postCounts(["ponteiros-c", "Memória-C"])).toEqual({ "ponteiros-c": 1, "Memória-C": 1 });
    const favs = await db().select().from(favorites).where(eq(favorites.targetId, id));
    expect(favs).toHaveLength(1);

    const page = await getPostPage(ana, slug);
    expect(page?.tags.map((t) => t.name)).toEqual(["ponteiros-c", "Memória-C"]);
    expect(page?.viewer).toMatchObject({ favorited: true, liked: false, canManage: true });
  });

  test("a taken slug gets a short suffix", async () => {
    const ana = await createMember(db());
    const first = await publish(ana, { title: "Título repetido" });
    const second = await publish(ana, { title: "Título repetido" });
    expect(first.slug).toBe("titulo-repetido");
    expect(second.slug).toMatch(/^titulo-repetido-[a-z0-9]{5}$/);
  });

  test("refuses a missing title, a short body, too many tags, a bad category or cover, with the field", async () => {
    const ana = await createMember(db());
    await expect(publish(ana, { title: "   " })).rejects.toMatchObject({
      code: "validation",
      field: "title",
    });
    await expect(publish(ana, { body: "<p>curto demais</p><p>      </p>" })).rejects.toMatchObject({
      field: "body",
      message: "Escreva pelo menos 50 caracteres no texto do post.",
    });
    await expect(publish(ana, { tags: ["a1", "b1", "c1", "d1", "e1", "f1"] })).rejects.toMatchObject({
      field: "tags",
    });
    await expect(publish(ana, { category: "culinaria" })).rejects.toMatchObject({ field: "category" });
    await expect(publish(ana, { coverUrl: "javascript:alert(1)" })).rejects.toMatchObject({
      field: "coverUrl",
    });
  });

  test("plain text from the form without JavaScript becomes paragraphs", async () => {
    const ana = await createMember(db());
    const { id } = await publish(ana, {
      body: "Primeiro parágrafo com texto suficiente para valer.\n\nSegundo <b>parágrafo</b>.",
      bodyFormat: null,
    });
    const [row] = await db().select({ body: posts.body }).from(posts).where(eq(posts.id, id));
    expect(row?.body).toBe(
      "<p>Primeiro parágrafo com texto suficiente para valer.</p><p>Segundo &lt;b&gt;parágrafo&lt;/b&gt;.</p>",
    );
  });
});

describe("updatePost and deletePost permissions", () => {
  test("visitor, other member, author and moderator", async () => {
    // The author brings new tags in (PRIVILEGES.createTag).
    const author = await createMember(db(), { reputation: PRIVILEGES.createTag.reputation });
    const other = await createMember(db());
    const moderator = await createMember(db(), { role: "moderator" });
    const { id, slug } = await publish(author, { tags: ["perm-a", "perm-b"] });
    const edit = {
      title: "Novo título",
      category: "ux",
      body: LONG_BODY,
      bodyFormat: "html",
      tags: ["perm-b", "perm-c"],
    };

    await expect(updatePost(null, id, edit)).rejects.toMatchObject({ code: "unauthenticated" });
    await expect(updatePost(other, id, edit)).rejects.toMatchObject({ code: "forbidden" });
    await expect(getPostForEdit(other, slug)).rejects.toMatchObject({ code: "forbidden" });
    await expect(deletePost(other, id)).rejects.toMatchObject({ code: "forbidden" });
    await expect(deletePost(null, id)).rejects.toMatchObject({ code: "unauthenticated" });

    expect(await updatePost(author, id, edit)).toEqual({ id, slug });
    expect(await postCounts(["perm-a", "perm-b", "perm-c"])).toEqual({
      "perm-a": 0,
      "perm-b": 1,
      "perm-c": 1,
    });
    const edited = await getPostForEdit(author, slug);
    expect(edited).toMatchObject({ title: "Novo título", category: "ux", tags: ["perm-b", "perm-c"] });

    await updatePost(moderator, id, { ...edit, title: "Moderado" });
    expect((await getPostPage(null, slug))?.title).toBe("Moderado");
    expect((await getPostPage(other, slug))?.viewer.canManage).toBe(false);
    expect((await getPostPage(moderator, slug))?.viewer.canManage).toBe(true);

    await deletePost(moderator, id);
    expect(await getPostPage(author, slug)).toBeNull();
    expect(await postCounts(["perm-b", "perm-c"])).toEqual({ "perm-b": 0, "perm-c": 0 });
    await expect(deletePost(author, id)).rejects.toMatchObject({ code: "not_found" });
    expect((await listPostsForSitemap()).map((p) => p.slug)).not.toContain(slug);
  });

  test("the author deletes their own post", async () => {
    const author = await createMember(db());
    const { id, slug } = await publish(author);
    await deletePost(author, id);
    expect(await getPostPage(null, slug)).toBeNull();
  });

  test("an edit keeps the cover already on the post but refuses an unsafe new one", async () => {
    const author = await createMember(db());
    const { id } = await publish(author);
    await db().update(posts).set({ coverUrl: "/images/covers/demo.svg" }).where(eq(posts.id, id));
    const base = { title: "Com capa", category: "ui", body: LONG_BODY, bodyFormat: "html" };
    await updatePost(author, id, { ...base, coverUrl: "/images/covers/demo.svg" });
    await expect(
      updatePost(author, id, { ...base, coverUrl: "/images/covers/outra.svg" }),
    ).rejects.toMatchObject({
      field: "coverUrl",
    });
    await updatePost(author, id, { ...base, coverUrl: "/uploads/abc123.png" });
    const [row] = await db().select({ coverUrl: posts.coverUrl }).from(posts).where(eq(posts.id, id));
    expect(row?.coverUrl).toBe("/uploads/abc123.png");
  });
});

describe("readingMinutesFor", () => {
  test("about 200 words a minute, at least one", () => {
    expect(readingMinutesFor("<p>oi</p>")).toBe(1);
    expect(readingMinutesFor(`<p>${"palavra ".repeat(1000)}</p>`)).toBe(5);
  });
});

describe("an edit checked while the blocked words are being reloaded", () => {
  test("does not hold the embedded database (the lists are read inside the edit's transaction)", async () => {
    const author = await createMember(db(), { reputation: PRIVILEGES.createTag.reputation });
    const { id, slug } = await publish(author, { tags: ["trava"] });
    const edit = { title: "Sem trava", category: "ux", body: LONG_BODY, bodyFormat: "html", tags: ["trava"] };
    // The server's copy of the lists keeps expiring while other requests load them outside any transaction,
    // so the edit checks its text, inside its transaction, at a moment when the copy is gone.
    let editing = true;
    const edited = updatePost(author, id, edit).finally(() => (editing = false));
    const elsewhere = (async () => {
      while (editing) {
        forgetBlockedTerms();
        await Promise.race([
          findBlockedWord({ text: ["outra escrita"] }),
          new Promise((resolve) => setTimeout(resolve, 5)),
        ]);
      }
    })();
    const settled = await Promise.race([
      Promise.all([edited, elsewhere]).then(() => "done"),
      new Promise((resolve) => setTimeout(() => resolve("stuck"), 10_000)),
    ]);
    expect(settled).toBe("done");
    expect(await edited).toEqual({ id, slug });
  });
});
