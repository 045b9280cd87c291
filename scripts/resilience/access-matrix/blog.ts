// The blog: writing, editing and deleting a post, likes, favourites and comments.
import type { Matrix } from "./context.ts";
import { judge, MEMBERS, AUTHOR_OR_MODERATOR, type Actor, type Write } from "./judge.ts";
import { hex, postFields } from "./setup.ts";

export function blogWrites(ctx: Matrix): Write[] {
  /** Turns on a like or a favourite (`path`) of a fresh post of the author's. */
  const likeOnFreshPost = (path: string) => async (a: Actor) =>
    ctx.post(path, { postId: String((await ctx.freshPost()).id), value: "on" }, ctx.cookieOf(a));
  return [
    {
      name: "escrever post",
      run: (a) => ctx.post("/write-a-post", postFields(`Post de teste de acesso ${hex()}`), ctx.cookieOf(a)),
      expect: MEMBERS,
    },
    {
      name: "editar post",
      run: async (a) => {
        const { slug } = await ctx.freshPost();
        const title = `Post editado na matriz ${hex()}`;
        const res = await ctx.post(`/blog/${slug}/editar`, postFields(title), ctx.cookieOf(a));
        return judge(res, {
          done: (await ctx.get(`/blog/${slug}`, ctx.author.cookie)).text.includes(title),
        });
      },
      expect: AUTHOR_OR_MODERATOR,
    },
    {
      name: "apagar post",
      run: async (a) => {
        const { slug } = await ctx.freshPost();
        const res = await ctx.post(`/blog/${slug}`, { intent: "delete-post" }, ctx.cookieOf(a));
        return judge(res, {
          done: (await ctx.get(`/blog/${slug}`, ctx.author.cookie)).status === 404,
        });
      },
      expect: AUTHOR_OR_MODERATOR,
    },
    {
      name: "curtir post",
      run: likeOnFreshPost("/api/post-like"),
      expect: MEMBERS,
    },
    {
      name: "favoritar post",
      run: likeOnFreshPost("/api/post-favorite"),
      expect: MEMBERS,
    },
    {
      name: "comentar post",
      run: async (a) =>
        ctx.post(
          `/blog/${(await ctx.freshPost()).slug}`,
          { intent: "comment", body: "Comentário da matriz." },
          ctx.cookieOf(a),
        ),
      expect: MEMBERS,
    },
    {
      name: "apagar comentário do post",
      run: async (a) => {
        const { slug } = await ctx.freshPost();
        const commentId = String(await ctx.postCommentOn(slug, ctx.author));
        return ctx.post(`/blog/${slug}`, { intent: "delete-comment", commentId }, ctx.cookieOf(a));
      },
      expect: AUTHOR_OR_MODERATOR,
    },
  ];
}
