// What the access matrix's rows share, made once per run: the actors and their cookies, reading a write's effect
// back (the account export, pages, the outbox), fresh targets of the author's to write on, and the checks for
// writes that may only touch the actor's own account.
import {
  get,
  mailsTo as outboxMails,
  post,
  signIn,
  signUp,
  type Member,
  type Posted,
  type Server,
} from "../harness.ts";
import { judge, type Actor, type Tried } from "./judge.ts";
import { filler, hex, newestId, png, type AuthorTargets, type Cast } from "./setup.ts";

/** The parts of the account export (GET /configuracoes/exportar) these checks read. */
export type AccountExport = {
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
  accessTokens: { id: number; name: string; prefix: string; revokedAt: string | null }[];
  drafts: { key: string; title: string }[];
};

/** Everything the rows use, for one run of the matrix; `failures` collects what a row checks on the side. */
export type Matrix = Awaited<ReturnType<typeof matrixContext>>;

export async function matrixContext(server: Server, cast: Cast, targets: AuthorTargets, failures: string[]) {
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
    return Number(html.match(/>(\d+)(?:<!-- -->)?<span class="sr-only"> não lidas?</)?.[1] ?? 0);
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
   * A write that may only touch the actor's own account: `fields` posted to `path` with the author's id and
   * handle. `done` reads its effect on the actor's account; the author's account (and, with `mail`, their
   * inbox) must not move unless the author is the actor.
   */
  const ownAccount = async (
    actor: Actor,
    path: string,
    fields: Record<string, string | File>,
    options: { done?: (m: Member) => Promise<boolean>; mail?: boolean; multipart?: boolean } = {},
  ): Promise<Tried> => {
    const before = await accountState(author);
    const mailsBefore = options.mail ? (await mailsTo(author.email)).length : 0;
    const res = await post(origin, path, { ...fields, ...aimedAtAuthor }, cookieOf(actor), {
      multipart: options.multipart,
    });
    const m = memberOf(actor);
    // E-mails leave through the outbox a moment after the answer (ADR 048): give them up to 3 s.
    const eventually = async (check: () => Promise<boolean>) => {
      for (let i = 0; i < 30 && !(await check()); i++) await new Promise((r) => setTimeout(r, 100));
      return check();
    };
    const done =
      m && options.done
        ? await (options.mail ? eventually(() => options.done!(m)) : options.done(m))
        : undefined;
    if (options.mail) await new Promise((r) => setTimeout(r, 200));
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
  /** The spare moderator's password after a row changed it. */
  const spareMoved = (password: string) => {
    sparePassword = password;
  };

  /** The harness's requests, sent to this run's server. */
  const postTo = (
    path: string,
    fields: Parameters<typeof post>[2],
    cookie?: string,
    options?: Parameters<typeof post>[4],
  ) => post(origin, path, fields, cookie, options);
  const getFrom = (path: string, cookie?: string) => get(origin, path, cookie);

  return {
    failures,
    origin,
    post: postTo,
    get: getFrom,
    author,
    other,
    moderator,
    cookieOf,
    memberOf,
    fresh,
    freshMember,
    accountOf,
    accountState,
    newSession,
    signedIn,
    canSignIn,
    secondSession,
    unread,
    mailsTo,
    tokenMailedTo,
    newsletterConfirmed,
    authorAccount,
    whoIs,
    questionLive,
    answerOn,
    commentOn,
    onFreshQuestion,
    onAnswerBy,
    freshPost,
    postCommentOn,
    saveFilter,
    tagId,
    followTag,
    followsJavascript,
    setAvatar,
    ownAccount,
    standIn,
    spareMoved,
  };
}
