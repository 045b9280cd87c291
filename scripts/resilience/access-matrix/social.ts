// Following members and tags, and uploading an image.
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
  ];
}
