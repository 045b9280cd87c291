// Signing up and in, the links sent by e-mail (password recovery, e-mail confirmation, the newsletter), signing
// out, and the development pages.
import { randomBytes } from "node:crypto";
import { check } from "../harness.ts";
import type { Matrix } from "./context.ts";
import { judge, expecting, ANYONE, NO_ONE, type Actor, type Tried, type Write } from "./judge.ts";
import { hex } from "./setup.ts";

export function accountWrites(ctx: Matrix): Write[] {
  /** Subscribes a fresh address, then the actor opens the mailed link with `open`; done if it is confirmed. */
  const confirmNewsletter =
    (open: (path: string, cookie: string | undefined) => Promise<Tried>) => async (a: Actor) => {
      const email = `acesso-${hex()}@exemplo.com.br`;
      await ctx.post("/newsletter", { email });
      const token = await ctx.tokenMailedTo(email, /\/newsletter\/confirmar\/(\S+)/);
      const res = await open(`/newsletter/confirmar/${token}`, ctx.cookieOf(a));
      return judge(res, { done: await ctx.newsletterConfirmed(token) });
    };
  return [
    {
      name: "cadastrar",
      run: async (a) => {
        const email = `matriz-${hex()}@exemplo.com.br`;
        const fields = { socialName: "Cadastro da matriz", email, password: `senha-${hex()}-ok` };
        const res = await ctx.post("/cadastro", fields, ctx.cookieOf(a));
        return judge(res, { done: ctx.newSession(res, ctx.cookieOf(a)) });
      },
      expect: ANYONE,
    },
    {
      name: "entrar",
      // A sign-in replaces the session it comes from: members try it from a session made for it.
      run: async (a) => {
        const target = await ctx.freshMember();
        const cookie =
          a === "visitante"
            ? undefined
            : a === "autor"
              ? await ctx.secondSession(target)
              : a === "moderador"
                ? await ctx.secondSession(ctx.moderator)
                : (await ctx.freshMember()).cookie;
        const res = await ctx.post("/entrar", { email: target.email, password: target.password }, cookie);
        return judge(res, { done: ctx.newSession(res, cookie) });
      },
      expect: ANYONE,
    },
    {
      name: "entrar com senha errada",
      // A visitor stays at the sign-in (401); a member is sent away by the page (members have no sign-in
      // page to see), so what counts is that no session was made.
      run: async (a) => {
        const target = await ctx.freshMember();
        const fields = { email: target.email, password: "senha-errada-da-matriz" };
        const res = await ctx.post("/entrar", fields, ctx.cookieOf(a));
        return judge(res, { done: ctx.newSession(res, ctx.cookieOf(a)) });
      },
      expect: expecting("login", "refused", "refused", "refused"),
    },
    {
      name: "esqueci a senha",
      run: async (a) => {
        const target = await ctx.freshMember();
        const res = await ctx.post("/esqueci-a-senha", { email: target.email }, ctx.cookieOf(a));
        const token = await ctx.tokenMailedTo(target.email, /[?&]token=([^\s&]+)/).catch(() => null);
        return judge(res, { done: token !== null });
      },
      expect: ANYONE,
    },
    {
      name: "recuperar senha",
      // The link is what authorises the reset, whoever opens it; it resets the link's account only.
      run: async (a) => {
        const target = await ctx.freshMember();
        await ctx.post("/esqueci-a-senha", { email: target.email });
        const token = await ctx.tokenMailedTo(target.email, /[?&]token=([^\s&]+)/);
        const newPassword = `senha-recuperada-${hex()}`;
        const res = await ctx.post(
          "/recuperar-senha",
          { token, email: target.email, newPassword, confirmPassword: newPassword },
          ctx.cookieOf(a),
        );
        const m = ctx.memberOf(a);
        return judge(res, {
          done: await ctx.canSignIn(target, newPassword),
          leaked: m ? !(await ctx.signedIn(m.cookie)) : false,
        });
      },
      expect: ANYONE,
    },
    {
      name: "recuperar senha, link falso",
      run: async (a) => {
        const target = await ctx.freshMember();
        const newPassword = `senha-recuperada-${hex()}`;
        return ctx.post(
          "/recuperar-senha",
          {
            token: randomBytes(32).toString("base64url"),
            email: target.email,
            newPassword,
            confirmPassword: newPassword,
          },
          ctx.cookieOf(a),
        );
      },
      expect: NO_ONE,
    },
    {
      name: "confirmar e-mail (GET)",
      // Opening the link confirms nothing, whoever opens it (mail scanners open links too): its button posts.
      run: async (a) => {
        const target = await ctx.freshMember();
        const token = await ctx.tokenMailedTo(target.email, /\/confirmar-email\/(\S+)/);
        const res = await ctx.get(`/confirmar-email/${token}`, ctx.cookieOf(a));
        return judge(res, { done: (await ctx.accountOf(target)).account.emailVerifiedAt !== null });
      },
      expect: NO_ONE,
    },
    {
      name: "confirmar e-mail (botão)",
      // Only the account the link belongs to completes it (ADR 023): every actor here is someone else, and the
      // link must still work for its owner afterwards.
      run: async (a) => {
        const target = await ctx.freshMember();
        const token = await ctx.tokenMailedTo(target.email, /\/confirmar-email\/(\S+)/);
        const verified = async () => (await ctx.accountOf(target)).account.emailVerifiedAt !== null;
        const res = await ctx.post(`/confirmar-email/${token}`, {}, ctx.cookieOf(a));
        const tried = judge(res, { done: await verified() });
        await ctx.post(`/confirmar-email/${token}`, {}, target.cookie);
        check(
          ctx.failures,
          await verified(),
          `acesso: o link de confirmação não serviu ao próprio dono (${a})`,
        );
        return tried;
      },
      expect: expecting("login", "refused", "refused", "refused"),
    },
    {
      name: "confirmar e-mail, link falso",
      run: async (a) => {
        const res = await ctx.get(
          `/confirmar-email/${randomBytes(32).toString("base64url")}`,
          ctx.cookieOf(a),
        );
        return judge(res, {
          done: res.text.includes("E-mail confirmado") || res.text.includes("E-mail alterado"),
        });
      },
      expect: NO_ONE,
    },
    {
      name: "assinar newsletter",
      run: (a) => ctx.post("/newsletter", { email: `acesso-${hex()}@exemplo.com.br` }, ctx.cookieOf(a)),
      expect: ANYONE,
    },
    {
      // Opening the link only shows the button: a mail scanner's GET subscribes no one (ADR 024).
      name: "confirmar newsletter (abrir o link)",
      run: confirmNewsletter((path, cookie) => ctx.get(path, cookie)),
      expect: NO_ONE,
    },
    {
      name: "confirmar newsletter (botão)",
      run: confirmNewsletter((path, cookie) => ctx.post(path, {}, cookie)),
      expect: ANYONE,
    },
    {
      name: "confirmar newsletter, link falso",
      run: async (a) => {
        const res = await ctx.get(
          `/newsletter/confirmar/${randomBytes(32).toString("base64url")}`,
          ctx.cookieOf(a),
        );
        return judge(res, { done: res.text.includes("Inscrição confirmada!") });
      },
      expect: NO_ONE,
    },
    {
      name: "sair",
      // Signing out ends the session it comes from (a second one, made for it) and no other.
      run: async (a) => {
        const m = ctx.memberOf(a);
        const session = m ? await ctx.secondSession(m) : undefined;
        const res = await ctx.post("/sair", {}, session);
        return judge(res, {
          done: session ? !(await ctx.signedIn(session)) : undefined,
          leaked: !(await ctx.signedIn(ctx.author.cookie)),
        });
      },
      expect: ANYONE,
    },
    {
      name: "bancada do editor (só em desenvolvimento)",
      // /test/editor is for development and tests: the production server answers anyone with 404.
      run: (a) =>
        ctx.post("/test/editor", { intent: "raw", raw: "<p>Texto da matriz.</p>" }, ctx.cookieOf(a)),
      expect: NO_ONE,
    },
  ];
}
