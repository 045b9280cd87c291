// Following members and tags, uploading an image, and keeping drafts (ADR 062).
import type { Matrix } from "./context.ts";
import { judge, MEMBERS, NOT_THE_AUTHOR, type Write } from "./judge.ts";
import { png } from "./setup.ts";

export function socialWrites(ctx: Matrix): Write[] {
  return [
    {
      name: "seguir membro",
      // A fresh member to follow each time, who is also the author of the row (following oneself is refused).
      run: async (a) => {
        const target = await ctx.freshMember();
        const cookie = a === "autor" ? target.cookie : ctx.cookieOf(a);
        return ctx.post(
          "/api/follows",
          { intent: "follow", userId: String((await ctx.whoIs(target)).id) },
          cookie,
        );
      },
      expect: NOT_THE_AUTHOR,
    },
    {
      name: "deixar de seguir membro",
      // A fresh author follows someone; an unfollow ends only the actor's own follow.
      run: async (a) => {
        const follower = await ctx.freshMember();
        const followee = await ctx.whoIs(ctx.moderator);
        await ctx.post("/api/follows", { intent: "follow", userId: String(followee.id) }, follower.cookie);
        const cookie = a === "autor" ? follower.cookie : ctx.cookieOf(a);
        const res = await ctx.post(
          "/api/follows",
          { intent: "unfollow", userId: String(followee.id) },
          cookie,
        );
        const still = (await ctx.accountOf(follower)).following.some((f) => f.handle === followee.handle);
        return judge(res, a === "autor" ? { done: !still } : { leaked: !still });
      },
      expect: MEMBERS,
    },
    {
      name: "seguir tag",
      run: async (a) => {
        const m = ctx.memberOf(a);
        if (m) await ctx.followTag(m, "unfollow");
        return ctx.ownAccount(
          a,
          "/api/tag-follows",
          { intent: "follow", tagId: ctx.tagId },
          {
            done: ctx.followsJavascript,
          },
        );
      },
      expect: MEMBERS,
    },
    {
      name: "deixar de seguir tag",
      run: async (a) => {
        await ctx.followTag(ctx.author, "follow");
        return ctx.ownAccount(
          a,
          "/api/tag-follows",
          { intent: "unfollow", tagId: ctx.tagId },
          { done: async (m) => !(await ctx.followsJavascript(m)) },
        );
      },
      expect: MEMBERS,
    },
    {
      name: "enviar imagem",
      run: async (a) => ctx.post("/api/uploads", { file: await png() }, ctx.cookieOf(a), { multipart: true }),
      expect: MEMBERS,
    },
    {
      name: "guardar rascunho",
      // The editor's save lands in the actor's own drafts, whoever's id and handle the form carries.
      run: async (a) =>
        ctx.ownAccount(
          a,
          "/api/drafts",
          {
            intent: "save",
            key: "pergunta:nova",
            id: draftId(),
            fields: JSON.stringify({ titulo: DRAFT_TITLE }),
          },
          { done: async (m) => (await ctx.accountOf(m)).drafts.some((d) => d.title === DRAFT_TITLE) },
        ),
      expect: MEMBERS,
    },
    {
      name: "descartar rascunho",
      // The author keeps a post's draft; "Descartar" on /rascunhos reaches only the actor's own.
      run: async (a) => {
        const fields = JSON.stringify({ texto: "<p>Um post ainda sendo escrito.</p>" });
        await ctx.post(
          "/api/drafts",
          { intent: "save", key: "post:novo", id: draftId(), fields },
          ctx.author.cookie,
        );
        return ctx.ownAccount(
          a,
          "/rascunhos",
          { intent: "discard", key: "post:novo" },
          { done: async (m) => !(await ctx.accountOf(m)).drafts.some((d) => d.key === "post:novo") },
        );
      },
      expect: MEMBERS,
    },
  ];
}

const DRAFT_TITLE = "Pergunta ainda em rascunho";
/** A draft's id as the editor makes them. */
const draftId = () => `matriz-${Date.now()}-${Math.random().toString(36).slice(2, 10)}`;
