// Questions and answers: asking, editing, deleting and restoring, accepting, voting, favourites, comments,
// reports, bounties, and the saved filters of the question list.
import { askQuestion } from "../harness.ts";
import type { Matrix } from "./context.ts";
import { judge, MEMBERS, AUTHOR_OR_MODERATOR, AUTHOR_ONLY, MODERATOR_ONLY, type Write } from "./judge.ts";
import { filler, hex } from "./setup.ts";

export function questionWrites(ctx: Matrix): Write[] {
  /** A write on an answer the author just gave to a fresh question, naming it by kind and id. */
  const flagFields = { reason: "other", note: "Teste da matriz de acesso." };
  // The flag page the site links to, which its form posts back to (without JavaScript too).
  const flagPage = (kind: string, id: string) => `/sinalizar?${new URLSearchParams({ tipo: kind, id })}`;
  const onAuthorsAnswer = (intent: string, fields: Record<string, string>) =>
    ctx.onAnswerBy(ctx.author, (answer) => ({ intent, kind: "answer", id: answer, ...fields }));
  return [
    {
      name: "fazer pergunta",
      run: (a) =>
        ctx.post(
          "/ask-a-question",
          {
            title: `Pergunta de teste de acesso ${hex()}`,
            description: filler,
            details: filler,
            tags: "javascript",
          },
          ctx.cookieOf(a),
        ),
      expect: MEMBERS,
    },
    {
      name: "editar pergunta",
      // A refused edit may still end in a redirect (the edit page's loader sends non-authors to the question), so
      // the outcome is read from the question itself.
      run: async (a) => {
        const id = await ctx.fresh();
        const title = `Título editado na matriz ${hex()}`;
        const res = await ctx.post(
          `/questions/${id}/editar`,
          { title, description: filler, details: filler, tags: "javascript" },
          ctx.cookieOf(a),
        );
        return judge(res, {
          done: (await ctx.get(`/questions/${id}`, ctx.author.cookie)).text.includes(title),
        });
      },
      expect: AUTHOR_OR_MODERATOR,
    },
    {
      name: "apagar pergunta",
      run: async (a) => {
        const id = await ctx.fresh();
        const res = await ctx.post(`/questions/${id}`, { intent: "delete-question" }, ctx.cookieOf(a));
        return judge(res, { done: !(await ctx.questionLive(id)) });
      },
      expect: AUTHOR_OR_MODERATOR,
    },
    {
      name: "apagar pergunta respondida",
      // Once answered, a question is no longer its author's to delete.
      run: async (a) => {
        const id = await ctx.fresh();
        await ctx.answerOn(id, ctx.other);
        const res = await ctx.post(`/questions/${id}`, { intent: "delete-question" }, ctx.cookieOf(a));
        return judge(res, { done: !(await ctx.questionLive(id)) });
      },
      expect: MODERATOR_ONLY,
    },
    {
      name: "restaurar pergunta",
      // A refused restore answers with the page's redirect away from a deleted question: read the question.
      run: async (a) => {
        const id = await ctx.fresh();
        await ctx.post(`/questions/${id}`, { intent: "delete-question" }, ctx.author.cookie);
        const res = await ctx.post(`/questions/${id}`, { intent: "restore-question" }, ctx.cookieOf(a));
        return judge(res, { done: await ctx.questionLive(id) });
      },
      expect: MODERATOR_ONLY,
    },
    {
      name: "responder",
      run: ctx.onFreshQuestion({ intent: "answer", body: filler }),
      expect: MEMBERS,
    },
    {
      name: "editar resposta",
      run: async (a) => {
        const id = await ctx.fresh();
        const answer = await ctx.answerOn(id, ctx.author);
        const body = `Resposta editada na matriz ${hex()}. ${filler}`;
        const res = await ctx.post(`/questions/${id}/respostas/${answer}/editar`, { body }, ctx.cookieOf(a));
        const page = (await ctx.get(`/questions/${id}`, ctx.author.cookie)).text;
        return judge(res, { done: page.includes(body.slice(0, 40)) });
      },
      expect: AUTHOR_OR_MODERATOR,
    },
    {
      name: "apagar resposta",
      run: ctx.onAnswerBy(ctx.author, (answer) => ({ intent: "delete-answer", answerId: answer })),
      expect: AUTHOR_OR_MODERATOR,
    },
    {
      name: "apagar resposta aceita",
      // The author answers the other member's question and has it accepted: then only moderators delete it.
      run: async (a) => {
        const id = await askQuestion(ctx.origin, ctx.other, `Pergunta da matriz de acesso ${hex()}`);
        const answerId = String(await ctx.answerOn(id, ctx.author));
        await ctx.post(`/questions/${id}`, { intent: "accept", answerId }, ctx.other.cookie);
        return ctx.post(`/questions/${id}`, { intent: "delete-answer", answerId }, ctx.cookieOf(a));
      },
      expect: MODERATOR_ONLY,
    },
    {
      name: "restaurar resposta",
      run: async (a) => {
        const id = await ctx.fresh();
        const answerId = String(await ctx.answerOn(id, ctx.author));
        await ctx.post(`/questions/${id}`, { intent: "delete-answer", answerId }, ctx.author.cookie);
        return ctx.post(`/questions/${id}`, { intent: "restore-answer", answerId }, ctx.cookieOf(a));
      },
      expect: MODERATOR_ONLY,
    },
    {
      name: "aceitar resposta",
      // Only whoever asked accepts: the author's question, the other member's answer.
      run: ctx.onAnswerBy(ctx.other, (answer) => ({ intent: "accept", answerId: answer })),
      expect: AUTHOR_ONLY,
    },
    {
      // Voting and flagging take 15 points and a confirmed e-mail (ADR 047): the other member is new.
      name: "votar na pergunta",
      run: ctx.onFreshQuestion({ intent: "vote", kind: "question", value: "1" }),
      expect: MODERATOR_ONLY,
    },
    {
      name: "votar na resposta",
      run: onAuthorsAnswer("vote", { value: "1" }),
      expect: MODERATOR_ONLY,
    },
    {
      // Voting down is earned: the other member is new, the author may not vote on their own answer.
      name: "votar negativamente na resposta",
      run: onAuthorsAnswer("vote", { value: "-1" }),
      expect: MODERATOR_ONLY,
    },
    {
      name: "favoritar pergunta",
      run: ctx.onFreshQuestion({ intent: "favorite" }),
      expect: MEMBERS,
    },
    {
      name: "comentar pergunta",
      run: ctx.onFreshQuestion({ intent: "comment", body: "Comentário da matriz de acesso." }),
      expect: MEMBERS,
    },
    {
      name: "comentar resposta",
      run: onAuthorsAnswer("comment", { body: "Comentário da matriz de acesso." }),
      expect: MEMBERS,
    },
    {
      name: "apagar comentário",
      run: async (a) => {
        const id = await ctx.fresh();
        const commentId = String(await ctx.commentOn(id, ctx.author));
        return ctx.post(`/questions/${id}`, { intent: "delete-comment", commentId }, ctx.cookieOf(a));
      },
      expect: AUTHOR_OR_MODERATOR,
    },
    {
      // Flags go to /sinalizar; nobody flags their own content.
      name: "sinalizar pergunta",
      run: async (a) => {
        const id = String(await ctx.fresh());
        return ctx.post(flagPage("question", id), { kind: "question", id, ...flagFields }, ctx.cookieOf(a));
      },
      expect: MODERATOR_ONLY,
    },
    {
      name: "sinalizar resposta",
      run: async (a) => {
        const answerId = String(await ctx.answerOn(await ctx.fresh(), ctx.author));
        return ctx.post(
          flagPage("answer", answerId),
          { kind: "answer", id: answerId, ...flagFields },
          ctx.cookieOf(a),
        );
      },
      expect: MODERATOR_ONLY,
    },
    {
      name: "oferecer recompensa",
      run: ctx.onFreshQuestion({ intent: "offer-bounty", amount: "50" }),
      expect: AUTHOR_ONLY,
    },
    {
      name: "conceder recompensa",
      // Only whoever offered the bounty awards it: the author's bounty, the other member's answer.
      run: async (a) => {
        const id = await ctx.fresh();
        const offered = await ctx.post(
          `/questions/${id}`,
          { intent: "offer-bounty", amount: "50" },
          ctx.author.cookie,
        );
        if (offered.status !== 200) throw new Error(`recompensa recusada ao autor (HTTP ${offered.status})`);
        const answerId = String(await ctx.answerOn(id, ctx.other));
        return ctx.post(`/questions/${id}`, { intent: "award-bounty", answerId }, ctx.cookieOf(a));
      },
      expect: AUTHOR_ONLY,
    },
    ...(["/questions", "/questions/tagged/javascript"] as const).map((page): Write => ({
      name: page === "/questions" ? "salvar filtro" : "salvar filtro (página da tag)",
      run: (a) => {
        const name = `Filtro da matriz ${hex()}`;
        return ctx.ownAccount(
          a,
          page,
          { intent: "save-filter", name, filter: "unanswered" },
          { done: async (m) => (await ctx.accountOf(m)).savedFilters.some((f) => f.name === name) },
        );
      },
      expect: MEMBERS,
    })),
    {
      name: "apagar filtro",
      // Saved filters are private: not even a moderator deletes someone else's.
      run: async (a) => {
        const filter = await ctx.saveFilter(ctx.author);
        const res = await ctx.post(
          "/questions",
          { intent: "delete-filter", filterId: String(filter.id) },
          ctx.cookieOf(a),
        );
        const kept = (await ctx.accountOf(ctx.author)).savedFilters.some((f) => f.name === filter.name);
        return judge(res, { done: !kept });
      },
      expect: AUTHOR_ONLY,
    },
  ];
}
