// The access matrix of `npm run test:resilience`: every write the site accepts — each action and intent of
// app/routes, the API routes, and the GETs that write or hand out private data — tried by a visitor, another
// member, the author and a moderator, with what each must get back. Where a refusal can still answer 2xx or a
// redirect, the effect is read back (pages, the account export, the outbox) instead of trusting the status;
// where a write may only touch the actor's own account, it is sent carrying the author's id and handle (as a
// forged form would) and the author's account must not move.
import { randomBytes } from "node:crypto";
import sharp from "sharp";
import {
  askQuestion,
  check,
  get,
  mailsTo as outboxMails,
  post,
  signIn,
  signUp,
  type Member,
  type Posted,
  type Server,
} from "./harness.ts";

const log = (line: string) => console.log(`  ${line}`);

export type Cast = { author: Member; other: Member; moderator: Member; spareModerator: Member };

/** The author's questions and posts the matrix writes on, one fresh per row and actor. */
export type AuthorTargets = { questions: number[]; posts: string[] };

/**
 * Writes the author's targets beforehand: the matrix takes ~80 questions and ~25 posts, more than a member may
 * write in an hour (ADR 024), so they are written while the author is a moderator (not limited), and the matrix
 * runs once the author is a member again.
 */
export async function writeAuthorTargets(origin: string, author: Member): Promise<AuthorTargets> {
  const targets: AuthorTargets = { questions: [], posts: [] };
  for (let i = 0; i < 90; i++) {
    targets.questions.push(await askQuestion(origin, author, `Pergunta da matriz de acesso ${hex()}`));
  }
  for (let i = 0; i < 30; i++) {
    const res = await post(
      origin,
      "/write-a-post",
      postFields(`Post da matriz de acesso ${hex()}`),
      author.cookie,
    );
    const slug = res.location?.match(/^\/blog\/([^/?#]+)$/)?.[1];
    if (!slug) throw new Error(`post recusado (HTTP ${res.status})`);
    targets.posts.push(slug);
  }
  return targets;
}

const filler = "Texto longo o bastante para a validação do formulário passar sem problemas. ".repeat(2);
const postFields = (title: string) => ({
  title,
  description: "",
  category: "ux",
  tags: "javascript",
  body: filler,
});

type Actor = "visitante" | "outro membro" | "autor" | "moderador";
const ACTORS: Actor[] = ["visitante", "outro membro", "autor", "moderador"];

/** What each actor may get back: "ok" is 2xx or a redirect that is not to the sign-in page. */
type Expect = "login" | "ok" | "refused";
/** "vazou": the write reached an account it had no business with, or took effect although refused. */
type Got = Expect | "5xx" | "vazou";
type Tried = { status: number; location: string | null; got?: Got; note?: string };

function outcome(status: number, location: string | null): Got {
  if (status === 0 || status >= 500) return "5xx";
  if (status >= 300 && status < 400 && location?.startsWith("/entrar")) return "login";
  if (status === 401) return "login";
  if (status >= 400) return "refused";
  return "ok";
}

/**
 * The outcome of one try: read from the status, then corrected by what was checked afterwards — `done`,
 * whether the write took effect; `leaked`, whether it moved someone else's account.
 */
function judge(res: Tried, checks: { done?: boolean; leaked?: boolean } = {}): Tried {
  const read = outcome(res.status, res.location);
  if (read === "5xx") return res;
  if (checks.leaked) return { ...res, got: "vazou" };
  if (checks.done === undefined) return res;
  if (read === "ok" && !checks.done) return { ...res, got: "refused", note: "sem efeito" };
  if (read !== "ok" && checks.done) return { ...res, got: "vazou" };
  return res;
}

type Expectation = Record<Actor, Expect>;
const expecting = (visitante: Expect, outro: Expect, autor: Expect, moderador: Expect): Expectation => ({
  visitante,
  "outro membro": outro,
  autor,
  moderador,
});
const ANYONE = expecting("ok", "ok", "ok", "ok");
const NO_ONE = expecting("refused", "refused", "refused", "refused");
const MEMBERS = expecting("login", "ok", "ok", "ok");
const NOT_THE_AUTHOR = expecting("login", "ok", "refused", "ok");
const AUTHOR_OR_MODERATOR = expecting("login", "refused", "ok", "ok");
const AUTHOR_ONLY = expecting("login", "refused", "ok", "refused");
const MODERATOR_ONLY = expecting("login", "refused", "refused", "ok");

type Write = {
  name: string;
  /** Runs once per actor; a fresh target each time so one actor's write does not change the next one's. */
  run: (actor: Actor) => Promise<Tried>;
  expect: Expectation;
};

/** The parts of the account export (GET /configuracoes/exportar) these checks read. */
type AccountExport = {
  exportedAt: string;
  account: {
    id: number;
    handle: string;
    email: string;
    role: string;
    bio: string;
    avatarUrl: string | null;
    emailVerifiedAt: string | null;
    weeklyDigest: boolean;
    lastActiveAt: string;
  };
  sessions: unknown[];
  following: { handle: string }[];
  followedTags: { tag: string }[];
  savedFilters: { name: string }[];
};

const hex = () => randomBytes(3).toString("hex");
const newestId = (html: string, pattern: RegExp) =>
  Math.max(0, ...[...html.matchAll(pattern)].map((m) => Number(m[1])));

/** A small PNG of a random colour, so two uploads never share their content hash. */
async function png(): Promise<File> {
  const [r, g, b] = randomBytes(3);
  const bytes = await sharp({ create: { width: 8, height: 8, channels: 3, background: { r, g, b } } })
    .png()
    .toBuffer();
  return new File([new Uint8Array(bytes)], "matriz.png", { type: "image/png" });
}

export async function accessMatrix(server: Server, cast: Cast, targets: AuthorTargets): Promise<string[]> {
  const failures: string[] = [];
  const origin = server.origin;
  const { author, other, moderator } = cast;
  const cookieOf = (actor: Actor) => memberOf(actor)?.cookie;
  const memberOf = (actor: Actor): Member | undefined =>
    actor === "visitante"
      ? undefined
      : actor === "autor"
        ? author
        : actor === "moderador"
          ? moderator
          : other;
  const used = (what: string) => new Error(`as ${what} preparadas do autor acabaram (writeAuthorTargets)`);
  const fresh = async () => targets.questions.pop() ?? Promise.reject(used("perguntas"));
  const freshMember = () => signUp(origin);

  // ------------------------------------------------------------------------------------- reading back

  const exportOf = async (cookie: string): Promise<AccountExport | null> => {
    const res = await get(origin, "/configuracoes/exportar", cookie);
    return res.status === 200 ? (JSON.parse(res.text) as AccountExport) : null;
  };
  const accountOf = async (m: Member) => {
    const data = await exportOf(m.cookie);
    if (!data) throw new Error(`a exportação de ${m.email} não abriu`);
    return data;
  };
  /** Everything in a member's account that another member's write must never move (the clocks aside). */
  const accountState = async (m: Member) => {
    const data = await exportOf(m.cookie);
    if (!data) return "sem sessão";
    const { exportedAt: _at, account, sessions, ...rest } = data;
    const { lastActiveAt: _active, ...fields } = account;
    return JSON.stringify({ fields, sessions: sessions.length, rest });
  };
  /** Whether an answer signed someone in: a session cookie other than the one sent, and not a cleared one. */
  const newSession = (res: Posted, sent?: string) =>
    res.cookie !== "" && !res.cookie.endsWith("=") && res.cookie !== sent;
  const signedIn = async (cookie: string) => (await get(origin, "/configuracoes", cookie)).status === 200;
  const canSignIn = (m: Member, password: string) =>
    signIn(origin, m.email, password).then(
      () => true,
      () => false,
    );
  /** Another session of the member, for the writes that end the session they come from. */
  const secondSession = (m: Member) => signIn(origin, m.email, m.password);
  const unread = async (m: Member) => {
    const html = (await get(origin, "/questions", m.cookie)).text;
    return Number(html.match(/>(\d+)(?:<!-- -->)?<span class="sr-only"> não lidas/)?.[1] ?? 0);
  };

  const mailsTo = (to: string) => outboxMails(server.store, to);
  /** The token in the newest e-mail to `to` matching `pattern`; some are sent a moment after the answer. */
  const tokenMailedTo = async (to: string, pattern: RegExp): Promise<string> => {
    for (let i = 0; i < 50; i++) {
      const mail = (await mailsTo(to))
        .filter((m) => pattern.test(m.text))
        .sort((a, b) => a.sentAt.localeCompare(b.sentAt))
        .at(-1);
      const token = mail?.text.match(pattern)?.[1];
      if (token) return decodeURIComponent(token);
      await new Promise((r) => setTimeout(r, 200));
    }
    throw new Error(`nenhum e-mail para ${to} com ${pattern}`);
  };

  /** A confirmed subscription's link opens on "Inscrição confirmada!" instead of the button. */
  const newsletterConfirmed = async (token: string) =>
    (await get(origin, `/newsletter/confirmar/${token}`)).text.includes("Inscrição confirmada!");

  // ---------------------------------------------------------------------------------------- targets

  const authorAccount = (await accountOf(author)).account;
  /** Fields naming the author that an own-account write must ignore. */
  const aimedAtAuthor = { userId: String(authorAccount.id), handle: authorAccount.handle };
  const ids = new Map<string, { id: number; handle: string }>();
  const whoIs = async (m: Member) => {
    const known = ids.get(m.email);
    if (known) return known;
    const { id, handle } = (await accountOf(m)).account;
    ids.set(m.email, { id, handle });
    return { id, handle };
  };

  /** Whether the author still sees the question (a deleted one sends non-moderators back to the list). */
  const questionLive = async (id: number) =>
    (await get(origin, `/questions/${id}`, author.cookie)).status === 200;
  const answerOn = async (question: number, by: Member) => {
    await post(origin, `/questions/${question}`, { intent: "answer", body: filler }, by.cookie);
    const html = (await get(origin, `/questions/${question}`, author.cookie)).text;
    const id = newestId(html, /id="resposta-(\d+)"/g);
    if (!id) throw new Error(`a resposta na pergunta ${question} não apareceu`);
    return id;
  };
  const commentOn = async (question: number, by: Member) => {
    await post(
      origin,
      `/questions/${question}`,
      { intent: "comment", body: "Comentário da matriz." },
      by.cookie,
    );
    const html = (await get(origin, `/questions/${question}`, author.cookie)).text;
    const id = newestId(html, /id="comentario-(\d+)"/g);
    if (!id) throw new Error(`o comentário na pergunta ${question} não apareceu`);
    return id;
  };
  /** A write on a fresh question of the author's, by whichever actor the row runs. */
  const onFreshQuestion = (fields: Record<string, string>) => async (a: Actor) =>
    post(origin, `/questions/${await fresh()}`, fields, cookieOf(a));
  /** A write on an answer that `by` just gave to a fresh question; `fields` name the answer's id. */
  const onAnswerBy =
    (by: Member, fields: (answerId: string) => Record<string, string>) => async (a: Actor) => {
      const question = await fresh();
      const answerId = String(await answerOn(question, by));
      return post(origin, `/questions/${question}`, fields(answerId), cookieOf(a));
    };
  const freshPost = async () => {
    const slug = targets.posts.pop();
    if (!slug) throw used("posts");
    const html = (await get(origin, `/blog/${slug}`, author.cookie)).text;
    const id = Number(html.match(/name="postId" value="(\d+)"/)?.[1]);
    if (!id) throw new Error(`o post ${slug} não mostra o seu id`);
    return { slug, id };
  };
  const postCommentOn = async (slug: string, by: Member) => {
    await post(origin, `/blog/${slug}`, { intent: "comment", body: "Comentário da matriz." }, by.cookie);
    const id = newestId((await get(origin, `/blog/${slug}`, by.cookie)).text, /id="comentario-(\d+)"/g);
    if (!id) throw new Error(`o comentário no post ${slug} não apareceu`);
    return id;
  };
  const saveFilter = async (by: Member) => {
    const name = `Filtro da matriz ${hex()}`;
    await post(origin, "/questions", { intent: "save-filter", name, filter: "unanswered" }, by.cookie);
    const html = (await get(origin, "/questions", by.cookie)).text;
    const id = newestId(html, /name="filterId" value="(\d+)"/g);
    if (!id) throw new Error("o filtro salvo não apareceu");
    return { id, name };
  };
  const tagPage = (await get(origin, "/questions/tagged/javascript", author.cookie)).text;
  const tagId = tagPage.match(/name="tagId" value="(\d+)"/)?.[1];
  if (!tagId) throw new Error("a página da tag javascript não mostra o seu id");
  const followTag = (m: Member, intent: "follow" | "unfollow") =>
    post(origin, "/api/tag-follows", { intent, tagId }, m.cookie);
  const followsJavascript = async (m: Member) =>
    (await accountOf(m)).followedTags.some((t) => t.tag === "javascript");
  const setAvatar = (m: Member) =>
    png().then((avatar) =>
      post(origin, "/configuracoes", { intent: "avatar", avatar }, m.cookie, { multipart: true }),
    );

  /**
   * A write that may only touch the actor's own account, sent with the author's id and handle: `done` reads
   * its effect on the actor's account; the author's account (and, with `mail`, their inbox) must not move
   * unless the author is the actor.
   */
  const ownAccount = async (
    actor: Actor,
    send: (cookie: string | undefined) => Promise<Tried>,
    options: { done?: (m: Member) => Promise<boolean>; mail?: boolean } = {},
  ): Promise<Tried> => {
    const before = await accountState(author);
    const mailsBefore = options.mail ? (await mailsTo(author.email)).length : 0;
    const res = await send(cookieOf(actor));
    const m = memberOf(actor);
    const done = m && options.done ? await options.done(m) : undefined;
    const leaked =
      actor !== "autor" &&
      ((await accountState(author)) !== before ||
        (options.mail === true && (await mailsTo(author.email)).length !== mailsBefore));
    return judge(res, { done, leaked });
  };

  /**
   * The writes that end the actor's own password, session or account run on stand-ins, so the cast stays
   * usable for the other parts: a fresh account is the author of the row, another fresh one the other member,
   * and the spare moderator the moderator.
   */
  let sparePassword = cast.spareModerator.password;
  const standIn = async (actor: Actor, target: Member): Promise<Member | undefined> =>
    actor === "visitante"
      ? undefined
      : actor === "autor"
        ? target
        : actor === "moderador"
          ? { ...cast.spareModerator, password: sparePassword }
          : freshMember();

  // ------------------------------------------------------------------------------------------ writes

  const questions: Write[] = [
    {
      name: "fazer pergunta",
      run: (a) =>
        post(
          origin,
          "/ask-a-question",
          {
            title: `Pergunta de teste de acesso ${hex()}`,
            description: filler,
            details: filler,
            tags: "javascript",
          },
          cookieOf(a),
        ),
      expect: MEMBERS,
    },
    {
      name: "editar pergunta",
      // A refused edit may still end in a redirect (the edit page's loader sends non-authors to the question), so
      // the outcome is read from the question itself.
      run: async (a) => {
        const id = await fresh();
        const title = `Título editado na matriz ${hex()}`;
        const res = await post(
          origin,
          `/questions/${id}/editar`,
          { title, description: filler, details: filler, tags: "javascript" },
          cookieOf(a),
        );
        return judge(res, {
          done: (await get(origin, `/questions/${id}`, author.cookie)).text.includes(title),
        });
      },
      expect: AUTHOR_OR_MODERATOR,
    },
    {
      name: "apagar pergunta",
      run: async (a) => {
        const id = await fresh();
        const res = await post(origin, `/questions/${id}`, { intent: "delete-question" }, cookieOf(a));
        return judge(res, { done: !(await questionLive(id)) });
      },
      expect: AUTHOR_OR_MODERATOR,
    },
    {
      name: "apagar pergunta respondida",
      // Once answered, a question is no longer its author's to delete.
      run: async (a) => {
        const id = await fresh();
        await answerOn(id, other);
        const res = await post(origin, `/questions/${id}`, { intent: "delete-question" }, cookieOf(a));
        return judge(res, { done: !(await questionLive(id)) });
      },
      expect: MODERATOR_ONLY,
    },
    {
      name: "restaurar pergunta",
      // A refused restore answers with the page's redirect away from a deleted question: read the question.
      run: async (a) => {
        const id = await fresh();
        await post(origin, `/questions/${id}`, { intent: "delete-question" }, author.cookie);
        const res = await post(origin, `/questions/${id}`, { intent: "restore-question" }, cookieOf(a));
        return judge(res, { done: await questionLive(id) });
      },
      expect: MODERATOR_ONLY,
    },
    {
      name: "responder",
      run: onFreshQuestion({ intent: "answer", body: filler }),
      expect: MEMBERS,
    },
    {
      name: "editar resposta",
      run: async (a) => {
        const id = await fresh();
        const answer = await answerOn(id, author);
        const body = `Resposta editada na matriz ${hex()}. ${filler}`;
        const res = await post(origin, `/questions/${id}/respostas/${answer}/editar`, { body }, cookieOf(a));
        const page = (await get(origin, `/questions/${id}`, author.cookie)).text;
        return judge(res, { done: page.includes(body.slice(0, 40)) });
      },
      expect: AUTHOR_OR_MODERATOR,
    },
    {
      name: "apagar resposta",
      run: onAnswerBy(author, (answer) => ({ intent: "delete-answer", answerId: answer })),
      expect: AUTHOR_OR_MODERATOR,
    },
    {
      name: "apagar resposta aceita",
      // The author answers the other member's question and has it accepted: then only moderators delete it.
      run: async (a) => {
        const id = await askQuestion(origin, other, `Pergunta da matriz de acesso ${hex()}`);
        const answerId = String(await answerOn(id, author));
        await post(origin, `/questions/${id}`, { intent: "accept", answerId }, other.cookie);
        return post(origin, `/questions/${id}`, { intent: "delete-answer", answerId }, cookieOf(a));
      },
      expect: MODERATOR_ONLY,
    },
    {
      name: "restaurar resposta",
      run: async (a) => {
        const id = await fresh();
        const answerId = String(await answerOn(id, author));
        await post(origin, `/questions/${id}`, { intent: "delete-answer", answerId }, author.cookie);
        return post(origin, `/questions/${id}`, { intent: "restore-answer", answerId }, cookieOf(a));
      },
      expect: MODERATOR_ONLY,
    },
    {
      name: "aceitar resposta",
      // Only whoever asked accepts: the author's question, the other member's answer.
      run: onAnswerBy(other, (answer) => ({ intent: "accept", answerId: answer })),
      expect: AUTHOR_ONLY,
    },
    {
      name: "votar na pergunta",
      run: onFreshQuestion({ intent: "vote", kind: "question", value: "1" }),
      expect: NOT_THE_AUTHOR,
    },
    {
      name: "votar na resposta",
      run: onAnswerBy(author, (answer) => ({ intent: "vote", kind: "answer", id: answer, value: "-1" })),
      expect: NOT_THE_AUTHOR,
    },
    {
      name: "favoritar pergunta",
      run: onFreshQuestion({ intent: "favorite" }),
      expect: MEMBERS,
    },
    {
      name: "comentar pergunta",
      run: onFreshQuestion({ intent: "comment", body: "Comentário da matriz de acesso." }),
      expect: MEMBERS,
    },
    {
      name: "comentar resposta",
      run: onAnswerBy(author, (answer) => ({
        intent: "comment",
        kind: "answer",
        id: answer,
        body: "Comentário da matriz de acesso.",
      })),
      expect: MEMBERS,
    },
    {
      name: "apagar comentário",
      run: async (a) => {
        const id = await fresh();
        const commentId = String(await commentOn(id, author));
        return post(origin, `/questions/${id}`, { intent: "delete-comment", commentId }, cookieOf(a));
      },
      expect: AUTHOR_OR_MODERATOR,
    },
    {
      name: "denunciar pergunta",
      run: onFreshQuestion({ intent: "report", kind: "question", reason: "Teste da matriz de acesso." }),
      expect: MEMBERS,
    },
    {
      name: "denunciar resposta",
      run: onAnswerBy(author, (answer) => ({
        intent: "report",
        kind: "answer",
        id: answer,
        reason: "Teste da matriz de acesso.",
      })),
      expect: MEMBERS,
    },
    {
      name: "oferecer recompensa",
      run: onFreshQuestion({ intent: "offer-bounty", amount: "50" }),
      expect: AUTHOR_ONLY,
    },
    {
      name: "conceder recompensa",
      // Only whoever offered the bounty awards it: the author's bounty, the other member's answer.
      run: async (a) => {
        const id = await fresh();
        const offered = await post(
          origin,
          `/questions/${id}`,
          { intent: "offer-bounty", amount: "50" },
          author.cookie,
        );
        if (offered.status !== 200) throw new Error(`recompensa recusada ao autor (HTTP ${offered.status})`);
        const answerId = String(await answerOn(id, other));
        return post(origin, `/questions/${id}`, { intent: "award-bounty", answerId }, cookieOf(a));
      },
      expect: AUTHOR_ONLY,
    },
    ...(["/questions", "/questions/tagged/javascript"] as const).map((page): Write => ({
      name: page === "/questions" ? "salvar filtro" : "salvar filtro (página da tag)",
      run: (a) => {
        const name = `Filtro da matriz ${hex()}`;
        return ownAccount(
          a,
          (cookie) =>
            post(
              origin,
              page,
              { intent: "save-filter", name, filter: "unanswered", ...aimedAtAuthor },
              cookie,
            ),
          { done: async (m) => (await accountOf(m)).savedFilters.some((f) => f.name === name) },
        );
      },
      expect: MEMBERS,
    })),
    {
      name: "apagar filtro",
      // Saved filters are private: not even a moderator deletes someone else's.
      run: async (a) => {
        const filter = await saveFilter(author);
        const res = await post(
          origin,
          "/questions",
          { intent: "delete-filter", filterId: String(filter.id) },
          cookieOf(a),
        );
        const kept = (await accountOf(author)).savedFilters.some((f) => f.name === filter.name);
        return judge(res, { done: !kept });
      },
      expect: AUTHOR_ONLY,
    },
  ];

  const blog: Write[] = [
    {
      name: "escrever post",
      run: (a) => post(origin, "/write-a-post", postFields(`Post de teste de acesso ${hex()}`), cookieOf(a)),
      expect: MEMBERS,
    },
    {
      name: "editar post",
      run: async (a) => {
        const { slug } = await freshPost();
        const title = `Post editado na matriz ${hex()}`;
        const res = await post(origin, `/blog/${slug}/editar`, postFields(title), cookieOf(a));
        return judge(res, { done: (await get(origin, `/blog/${slug}`, author.cookie)).text.includes(title) });
      },
      expect: AUTHOR_OR_MODERATOR,
    },
    {
      name: "apagar post",
      run: async (a) => {
        const { slug } = await freshPost();
        const res = await post(origin, `/blog/${slug}`, { intent: "delete-post" }, cookieOf(a));
        return judge(res, { done: (await get(origin, `/blog/${slug}`, author.cookie)).status === 404 });
      },
      expect: AUTHOR_OR_MODERATOR,
    },
    {
      name: "curtir post",
      run: async (a) =>
        post(origin, "/api/post-like", { postId: String((await freshPost()).id), value: "on" }, cookieOf(a)),
      expect: MEMBERS,
    },
    {
      name: "favoritar post",
      run: async (a) =>
        post(
          origin,
          "/api/post-favorite",
          { postId: String((await freshPost()).id), value: "on" },
          cookieOf(a),
        ),
      expect: MEMBERS,
    },
    {
      name: "comentar post",
      run: async (a) =>
        post(
          origin,
          `/blog/${(await freshPost()).slug}`,
          { intent: "comment", body: "Comentário da matriz." },
          cookieOf(a),
        ),
      expect: MEMBERS,
    },
    {
      name: "apagar comentário do post",
      run: async (a) => {
        const { slug } = await freshPost();
        const commentId = String(await postCommentOn(slug, author));
        return post(origin, `/blog/${slug}`, { intent: "delete-comment", commentId }, cookieOf(a));
      },
      expect: AUTHOR_OR_MODERATOR,
    },
  ];

  const social: Write[] = [
    {
      name: "seguir membro",
      // A fresh member to follow each time, who is also the author of the row (following oneself is refused).
      run: async (a) => {
        const target = await freshMember();
        const cookie = a === "autor" ? target.cookie : cookieOf(a);
        return post(
          origin,
          "/api/follows",
          { intent: "follow", userId: String((await whoIs(target)).id) },
          cookie,
        );
      },
      expect: NOT_THE_AUTHOR,
    },
    {
      name: "deixar de seguir membro",
      // A fresh author follows someone; an unfollow ends only the actor's own follow.
      run: async (a) => {
        const follower = await freshMember();
        const followee = await whoIs(moderator);
        await post(
          origin,
          "/api/follows",
          { intent: "follow", userId: String(followee.id) },
          follower.cookie,
        );
        const cookie = a === "autor" ? follower.cookie : cookieOf(a);
        const res = await post(
          origin,
          "/api/follows",
          { intent: "unfollow", userId: String(followee.id) },
          cookie,
        );
        const still = (await accountOf(follower)).following.some((f) => f.handle === followee.handle);
        return judge(res, a === "autor" ? { done: !still } : { leaked: !still });
      },
      expect: MEMBERS,
    },
    {
      name: "seguir tag",
      run: async (a) => {
        const m = memberOf(a);
        if (m) await followTag(m, "unfollow");
        return ownAccount(
          a,
          (cookie) => post(origin, "/api/tag-follows", { intent: "follow", tagId, ...aimedAtAuthor }, cookie),
          {
            done: followsJavascript,
          },
        );
      },
      expect: MEMBERS,
    },
    {
      name: "deixar de seguir tag",
      run: async (a) => {
        await followTag(author, "follow");
        return ownAccount(
          a,
          (cookie) =>
            post(origin, "/api/tag-follows", { intent: "unfollow", tagId, ...aimedAtAuthor }, cookie),
          { done: async (m) => !(await followsJavascript(m)) },
        );
      },
      expect: MEMBERS,
    },
    {
      name: "enviar imagem",
      run: async (a) => post(origin, "/api/uploads", { file: await png() }, cookieOf(a), { multipart: true }),
      expect: MEMBERS,
    },
  ];

  const settings: Write[] = [
    {
      name: "perfil",
      run: (a) => {
        const bio = `Bio da matriz de acesso ${hex()}`;
        const name = memberOf(a)?.name ?? "Visitante";
        return ownAccount(
          a,
          (cookie) =>
            post(
              origin,
              "/configuracoes",
              { intent: "profile", name, roleLine: "", bio, ...aimedAtAuthor },
              cookie,
            ),
          { done: async (m) => (await accountOf(m)).account.bio === bio },
        );
      },
      expect: MEMBERS,
    },
    {
      name: "foto de perfil",
      run: async (a) => {
        const m = memberOf(a);
        const before = m ? (await accountOf(m)).account.avatarUrl : null;
        const avatar = await png();
        return ownAccount(
          a,
          (cookie) =>
            post(origin, "/configuracoes", { intent: "avatar", avatar, ...aimedAtAuthor }, cookie, {
              multipart: true,
            }),
          { done: async (me) => ![null, before].includes((await accountOf(me)).account.avatarUrl) },
        );
      },
      expect: MEMBERS,
    },
    {
      name: "remover foto",
      // The author has a picture to lose each time, and so does the actor.
      run: async (a) => {
        await setAvatar(author);
        const m = memberOf(a);
        if (m) await setAvatar(m);
        return ownAccount(
          a,
          (cookie) => post(origin, "/configuracoes", { intent: "remove-avatar", ...aimedAtAuthor }, cookie),
          { done: async (me) => (await accountOf(me)).account.avatarUrl === null },
        );
      },
      expect: MEMBERS,
    },
    {
      name: "notificações por e-mail",
      run: async (a) => {
        const m = memberOf(a);
        const digest = m ? (await accountOf(m)).account.weeklyDigest : false;
        const fields = {
          intent: "notifications",
          ...(digest ? {} : { weeklyDigest: "on" }),
          ...aimedAtAuthor,
        };
        return ownAccount(a, (cookie) => post(origin, "/configuracoes", fields, cookie), {
          done: async (me) => (await accountOf(me)).account.weeklyDigest !== digest,
        });
      },
      expect: MEMBERS,
    },
    {
      name: "trocar e-mail",
      run: (a) => {
        const newEmail = `matriz-${hex()}@exemplo.com.br`;
        const currentPassword = memberOf(a)?.password ?? "senha-de-ninguem";
        return ownAccount(
          a,
          (cookie) =>
            post(
              origin,
              "/configuracoes",
              { intent: "email", newEmail, currentPassword, ...aimedAtAuthor },
              cookie,
            ),
          {
            done: async () => (await mailsTo(newEmail)).some((m) => m.text.includes("/confirmar-email/")),
            mail: true,
          },
        );
      },
      expect: MEMBERS,
    },
    {
      name: "reenviar confirmação",
      run: async (a) => {
        const m = memberOf(a);
        const sent = m ? (await mailsTo(m.email)).length : 0;
        return ownAccount(
          a,
          (cookie) => post(origin, "/configuracoes", { intent: "resend", ...aimedAtAuthor }, cookie),
          {
            done: async (me) => (await mailsTo(me.email)).length > sent,
            mail: true,
          },
        );
      },
      expect: MEMBERS,
    },
    {
      name: "trocar senha",
      run: async (a) => {
        const target = await freshMember();
        const actor = await standIn(a, target);
        const newPassword = `senha-nova-${hex()}-matriz`;
        const res = await post(
          origin,
          "/configuracoes",
          {
            intent: "password",
            currentPassword: actor?.password ?? "senha-de-ninguem",
            newPassword,
            confirmPassword: newPassword,
            userId: String((await whoIs(target)).id),
          },
          actor?.cookie,
        );
        const done = actor ? await canSignIn(actor, newPassword) : undefined;
        if (done && a === "moderador") sparePassword = newPassword;
        const leaked = a !== "autor" && !(await canSignIn(target, target.password));
        return judge(res, { done, leaked });
      },
      expect: MEMBERS,
    },
    {
      name: "encerrar outras sessões",
      run: async (a) => {
        const target = await freshMember();
        const second = await secondSession(target);
        const cookie = a === "autor" ? target.cookie : cookieOf(a);
        const res = await post(
          origin,
          "/configuracoes",
          { intent: "sessions", userId: String((await whoIs(target)).id) },
          cookie,
        );
        const [secondAlive, firstAlive] = [await signedIn(second), await signedIn(target.cookie)];
        return judge(
          res,
          a === "autor" ? { done: !secondAlive && firstAlive } : { leaked: !secondAlive || !firstAlive },
        );
      },
      expect: MEMBERS,
    },
    {
      name: "excluir conta",
      run: async (a) => {
        const target = await freshMember();
        const before = await accountState(target);
        const actor = await standIn(a, target);
        const res = await post(
          origin,
          "/configuracoes",
          {
            intent: "delete",
            password: actor?.password ?? "senha-de-ninguem",
            userId: String((await whoIs(target)).id),
          },
          actor?.cookie,
        );
        const done = actor ? !(await signedIn(actor.cookie)) : undefined;
        const leaked = a !== "autor" && (await accountState(target)) !== before;
        return judge(res, { done, leaked });
      },
      expect: MEMBERS,
    },
    {
      name: "exportar dados (GET)",
      // A visitor is sent to sign in; a member gets their own data whatever the address asks for.
      run: async (a) => {
        const res = await get(
          origin,
          `/configuracoes/exportar?userId=${authorAccount.id}&handle=${authorAccount.handle}`,
          cookieOf(a),
        );
        const data = res.status === 200 ? (JSON.parse(res.text) as AccountExport) : null;
        const m = memberOf(a);
        return judge(res, {
          done: m ? data?.account.email === m.email : undefined,
          leaked: a !== "autor" && data?.account.id === authorAccount.id,
        });
      },
      expect: MEMBERS,
    },
    {
      name: "ler notificações (GET)",
      // Opening the page marks the reader's own notifications read, never the author's.
      run: async (a) => {
        await commentOn(await fresh(), other);
        if ((await unread(author)) === 0) throw new Error("o autor não tem notificação não lida");
        const res = await get(origin, "/notifications", cookieOf(a));
        const left = await unread(author);
        return judge(res, a === "autor" ? { done: left === 0 } : { leaked: left === 0 });
      },
      expect: MEMBERS,
    },
    {
      name: "mudar papel do membro",
      // Roles are given by admins only (there is none in the cast); not even to oneself.
      run: async (a) => {
        const res = await post(
          origin,
          `/u/${authorAccount.handle}`,
          { intent: "role", role: "moderator" },
          cookieOf(a),
        );
        return judge(res, { done: (await accountOf(author)).account.role !== "member" });
      },
      expect: expecting("login", "refused", "refused", "refused"),
    },
  ];

  const accounts: Write[] = [
    {
      name: "cadastrar",
      run: async (a) => {
        const email = `matriz-${hex()}@exemplo.com.br`;
        const fields = { socialName: "Cadastro da matriz", email, password: `senha-${hex()}-ok` };
        const res = await post(origin, "/cadastro", fields, cookieOf(a));
        return judge(res, { done: newSession(res, cookieOf(a)) });
      },
      expect: ANYONE,
    },
    {
      name: "entrar",
      // A sign-in replaces the session it comes from: members try it from a session made for it.
      run: async (a) => {
        const target = await freshMember();
        const cookie =
          a === "visitante"
            ? undefined
            : a === "autor"
              ? await secondSession(target)
              : a === "moderador"
                ? await secondSession(moderator)
                : (await freshMember()).cookie;
        const res = await post(origin, "/entrar", { email: target.email, password: target.password }, cookie);
        return judge(res, { done: newSession(res, cookie) });
      },
      expect: ANYONE,
    },
    {
      name: "entrar com senha errada",
      // A visitor stays at the sign-in (401); a member is sent away by the page (members have no sign-in
      // page to see), so what counts is that no session was made.
      run: async (a) => {
        const target = await freshMember();
        const fields = { email: target.email, password: "senha-errada-da-matriz" };
        const res = await post(origin, "/entrar", fields, cookieOf(a));
        return judge(res, { done: newSession(res, cookieOf(a)) });
      },
      expect: expecting("login", "refused", "refused", "refused"),
    },
    {
      name: "esqueci a senha",
      run: async (a) => {
        const target = await freshMember();
        const res = await post(origin, "/esqueci-a-senha", { email: target.email }, cookieOf(a));
        const token = await tokenMailedTo(target.email, /[?&]token=([^\s&]+)/).catch(() => null);
        return judge(res, { done: token !== null });
      },
      expect: ANYONE,
    },
    {
      name: "recuperar senha",
      // The link is what authorises the reset, whoever opens it; it resets the link's account only.
      run: async (a) => {
        const target = await freshMember();
        await post(origin, "/esqueci-a-senha", { email: target.email });
        const token = await tokenMailedTo(target.email, /[?&]token=([^\s&]+)/);
        const newPassword = `senha-recuperada-${hex()}`;
        const res = await post(
          origin,
          "/recuperar-senha",
          { token, email: target.email, newPassword, confirmPassword: newPassword },
          cookieOf(a),
        );
        const m = memberOf(a);
        return judge(res, {
          done: await canSignIn(target, newPassword),
          leaked: m ? !(await signedIn(m.cookie)) : false,
        });
      },
      expect: ANYONE,
    },
    {
      name: "recuperar senha, link falso",
      run: async (a) => {
        const target = await freshMember();
        const newPassword = `senha-recuperada-${hex()}`;
        return post(
          origin,
          "/recuperar-senha",
          {
            token: randomBytes(32).toString("base64url"),
            email: target.email,
            newPassword,
            confirmPassword: newPassword,
          },
          cookieOf(a),
        );
      },
      expect: NO_ONE,
    },
    {
      name: "confirmar e-mail (GET)",
      // Opening the link confirms nothing, whoever opens it (mail scanners open links too): its button posts.
      run: async (a) => {
        const target = await freshMember();
        const token = await tokenMailedTo(target.email, /\/confirmar-email\/(\S+)/);
        const res = await get(origin, `/confirmar-email/${token}`, cookieOf(a));
        return judge(res, { done: (await accountOf(target)).account.emailVerifiedAt !== null });
      },
      expect: NO_ONE,
    },
    {
      name: "confirmar e-mail (botão)",
      // Only the account the link belongs to completes it (ADR 023): every actor here is someone else, and the
      // link must still work for its owner afterwards.
      run: async (a) => {
        const target = await freshMember();
        const token = await tokenMailedTo(target.email, /\/confirmar-email\/(\S+)/);
        const verified = async () => (await accountOf(target)).account.emailVerifiedAt !== null;
        const res = await post(origin, `/confirmar-email/${token}`, {}, cookieOf(a));
        const tried = judge(res, { done: await verified() });
        await post(origin, `/confirmar-email/${token}`, {}, target.cookie);
        check(failures, await verified(), `acesso: o link de confirmação não serviu ao próprio dono (${a})`);
        return tried;
      },
      expect: expecting("login", "refused", "refused", "refused"),
    },
    {
      name: "confirmar e-mail, link falso",
      run: async (a) => {
        const res = await get(
          origin,
          `/confirmar-email/${randomBytes(32).toString("base64url")}`,
          cookieOf(a),
        );
        return judge(res, {
          done: res.text.includes("E-mail confirmado") || res.text.includes("E-mail alterado"),
        });
      },
      expect: NO_ONE,
    },
    {
      name: "assinar newsletter",
      run: (a) => post(origin, "/newsletter", { email: `acesso-${hex()}@exemplo.com.br` }, cookieOf(a)),
      expect: ANYONE,
    },
    {
      // Opening the link only shows the button: a mail scanner's GET subscribes no one (ADR 024).
      name: "confirmar newsletter (abrir o link)",
      run: async (a) => {
        const email = `acesso-${hex()}@exemplo.com.br`;
        await post(origin, "/newsletter", { email });
        const token = await tokenMailedTo(email, /\/newsletter\/confirmar\/(\S+)/);
        const res = await get(origin, `/newsletter/confirmar/${token}`, cookieOf(a));
        return judge(res, { done: await newsletterConfirmed(token) });
      },
      expect: NO_ONE,
    },
    {
      name: "confirmar newsletter (botão)",
      run: async (a) => {
        const email = `acesso-${hex()}@exemplo.com.br`;
        await post(origin, "/newsletter", { email });
        const token = await tokenMailedTo(email, /\/newsletter\/confirmar\/(\S+)/);
        const res = await post(origin, `/newsletter/confirmar/${token}`, {}, cookieOf(a));
        return judge(res, { done: await newsletterConfirmed(token) });
      },
      expect: ANYONE,
    },
    {
      name: "confirmar newsletter, link falso",
      run: async (a) => {
        const res = await get(
          origin,
          `/newsletter/confirmar/${randomBytes(32).toString("base64url")}`,
          cookieOf(a),
        );
        return judge(res, { done: res.text.includes("Inscrição confirmada!") });
      },
      expect: NO_ONE,
    },
    {
      name: "sair",
      // Signing out ends the session it comes from (a second one, made for it) and no other.
      run: async (a) => {
        const m = memberOf(a);
        const session = m ? await secondSession(m) : undefined;
        const res = await post(origin, "/sair", {}, session);
        return judge(res, {
          done: session ? !(await signedIn(session)) : undefined,
          leaked: !(await signedIn(author.cookie)),
        });
      },
      expect: ANYONE,
    },
    {
      name: "bancada do editor (só em desenvolvimento)",
      // /test/editor is for development and tests: the production server answers anyone with 404.
      run: (a) =>
        post(origin, "/test/editor", { intent: "raw", raw: "<p>Texto da matriz.</p>" }, cookieOf(a)),
      expect: NO_ONE,
    },
  ];

  const writes = [...questions, ...blog, ...social, ...settings, ...accounts];
  const width = Math.max(...writes.map((w) => w.name.length)) + 2;
  const table: string[] = [];
  for (const write of writes) {
    const cells: string[] = [];
    for (const actor of ACTORS) {
      let tried: Tried;
      try {
        tried = await write.run(actor);
      } catch (error) {
        failures.push(
          `acesso: "${write.name}" por ${actor}: ${error instanceof Error ? error.message : error}`,
        );
        cells.push("erro");
        continue;
      }
      const got = tried.got ?? outcome(tried.status, tried.location);
      const mark =
        got === "login" ? "→entrar" : got === "vazou" ? " vazou!" : tried.note ? ` ${tried.note}` : "";
      cells.push(`${tried.status}${mark}`);
      check(
        failures,
        got === write.expect[actor],
        `acesso: "${write.name}" por ${actor} deu ${tried.status} (${got}${tried.note ? `, ${tried.note}` : ""}), ` +
          `esperado ${write.expect[actor]}`,
      );
    }
    table.push(`${write.name.padEnd(width)}${cells.map((c) => c.padEnd(16)).join("")}`);
  }
  log(`${"escrita".padEnd(width)}${ACTORS.map((a) => a.padEnd(16)).join("")}`);
  for (const line of table) log(line);
  log(
    `${writes.length} escritas × ${ACTORS.length} atores; "sem efeito": respondeu bem mas nada mudou (conta ` +
      `como recusado); "vazou!": alcançou a conta de outra pessoa ou escreveu apesar da recusa`,
  );
  return failures;
}
