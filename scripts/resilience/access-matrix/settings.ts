// The account's own settings and data: profile, picture, e-mail, password, sessions, API tokens, removal, the
// export, the notifications page, and roles.
import type { AccountExport, Matrix } from "./context.ts";
import { AUTHOR_ONLY, judge, expecting, MEMBERS, type Write } from "./judge.ts";
import { hex, png } from "./setup.ts";

export function settingsWrites(ctx: Matrix): Write[] {
  return [
    {
      name: "perfil",
      run: (a) => {
        const bio = `Bio da matriz de acesso ${hex()}`;
        const name = ctx.memberOf(a)?.name ?? "Visitante";
        return ctx.ownAccount(
          a,
          "/configuracoes",
          { intent: "profile", name, roleLine: "", bio },
          { done: async (m) => (await ctx.accountOf(m)).account.bio === bio },
        );
      },
      expect: MEMBERS,
    },
    {
      name: "foto de perfil",
      run: async (a) => {
        const m = ctx.memberOf(a);
        const before = m ? (await ctx.accountOf(m)).account.avatarUrl : null;
        const avatar = await png();
        return ctx.ownAccount(
          a,
          "/configuracoes",
          { intent: "avatar", avatar },
          {
            done: async (me) => ![null, before].includes((await ctx.accountOf(me)).account.avatarUrl),
            multipart: true,
          },
        );
      },
      expect: MEMBERS,
    },
    {
      name: "remover foto",
      // The author has a picture to lose each time, and so does the actor.
      run: async (a) => {
        await ctx.setAvatar(ctx.author);
        const m = ctx.memberOf(a);
        if (m) await ctx.setAvatar(m);
        return ctx.ownAccount(
          a,
          "/configuracoes",
          { intent: "remove-avatar" },
          { done: async (me) => (await ctx.accountOf(me)).account.avatarUrl === null },
        );
      },
      expect: MEMBERS,
    },
    {
      name: "notificações por e-mail",
      run: async (a) => {
        const m = ctx.memberOf(a);
        const digest = m ? (await ctx.accountOf(m)).account.weeklyDigest : false;
        const fields = {
          intent: "notifications",
          ...(digest ? {} : { weeklyDigest: "on" }),
        };
        return ctx.ownAccount(a, "/configuracoes", fields, {
          done: async (me) => (await ctx.accountOf(me)).account.weeklyDigest !== digest,
        });
      },
      expect: MEMBERS,
    },
    {
      name: "criar token de acesso",
      // Always the actor's own token: the author's id and handle in the form change nothing.
      run: (a) => {
        const name = `Token da matriz ${hex()}`;
        return ctx.ownAccount(
          a,
          "/configuracoes",
          { intent: "create-access-token", name, access: "write" },
          { done: async (m) => (await ctx.accountOf(m)).accessTokens.some((t) => t.name === name) },
        );
      },
      expect: MEMBERS,
    },
    {
      name: "revogar token de acesso",
      // A fresh token of the author's each time: only the author revokes it; others are told it does not exist.
      run: async (a) => {
        const name = `Token do autor ${hex()}`;
        await ctx.post(
          "/configuracoes",
          { intent: "create-access-token", name, access: "read" },
          ctx.author.cookie,
        );
        const tokenOf = async () =>
          (await ctx.accountOf(ctx.author)).accessTokens.find((t) => t.name === name);
        const token = await tokenOf();
        if (!token) throw new Error("o token do autor não foi criado");
        const res = await ctx.post(
          "/configuracoes",
          { intent: "revoke-access-token", tokenId: String(token.id) },
          ctx.cookieOf(a),
        );
        return judge(res, { done: (await tokenOf())?.revokedAt != null });
      },
      expect: AUTHOR_ONLY,
    },
    {
      name: "trocar e-mail",
      run: (a) => {
        const newEmail = `matriz-${hex()}@exemplo.com.br`;
        const currentPassword = ctx.memberOf(a)?.password ?? "senha-de-ninguem";
        return ctx.ownAccount(
          a,
          "/configuracoes",
          { intent: "email", newEmail, currentPassword },
          {
            done: async () => (await ctx.mailsTo(newEmail)).some((m) => m.text.includes("/confirmar-email/")),
            mail: true,
          },
        );
      },
      expect: MEMBERS,
    },
    {
      name: "reenviar confirmação",
      run: async (a) => {
        const m = ctx.memberOf(a);
        const sent = m ? (await ctx.mailsTo(m.email)).length : 0;
        return ctx.ownAccount(
          a,
          "/configuracoes",
          { intent: "resend" },
          {
            done: async (me) => (await ctx.mailsTo(me.email)).length > sent,
            mail: true,
          },
        );
      },
      expect: MEMBERS,
    },
    {
      name: "trocar senha",
      run: async (a) => {
        const target = await ctx.freshMember();
        const actor = await ctx.standIn(a, target);
        const newPassword = `senha-nova-${hex()}-matriz`;
        const res = await ctx.post(
          "/configuracoes",
          {
            intent: "password",
            currentPassword: actor?.password ?? "senha-de-ninguem",
            newPassword,
            confirmPassword: newPassword,
            userId: String((await ctx.whoIs(target)).id),
          },
          actor?.cookie,
        );
        const done = actor ? await ctx.canSignIn(actor, newPassword) : undefined;
        if (done && a === "moderador") ctx.spareMoved(newPassword);
        const leaked = a !== "autor" && !(await ctx.canSignIn(target, target.password));
        return judge(res, { done, leaked });
      },
      expect: MEMBERS,
    },
    {
      name: "encerrar outras sessões",
      run: async (a) => {
        const target = await ctx.freshMember();
        const second = await ctx.secondSession(target);
        const cookie = a === "autor" ? target.cookie : ctx.cookieOf(a);
        const res = await ctx.post(
          "/configuracoes",
          { intent: "sessions", userId: String((await ctx.whoIs(target)).id) },
          cookie,
        );
        const [secondAlive, firstAlive] = [await ctx.signedIn(second), await ctx.signedIn(target.cookie)];
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
        const target = await ctx.freshMember();
        const before = await ctx.accountState(target);
        const actor = await ctx.standIn(a, target);
        const res = await ctx.post(
          "/configuracoes",
          {
            intent: "delete",
            password: actor?.password ?? "senha-de-ninguem",
            userId: String((await ctx.whoIs(target)).id),
          },
          actor?.cookie,
        );
        const done = actor ? !(await ctx.signedIn(actor.cookie)) : undefined;
        const leaked = a !== "autor" && (await ctx.accountState(target)) !== before;
        return judge(res, { done, leaked });
      },
      expect: MEMBERS,
    },
    {
      name: "exportar dados (GET)",
      // A visitor is sent to sign in; a member gets their own data whatever the address asks for.
      run: async (a) => {
        const res = await ctx.get(
          `/configuracoes/exportar?userId=${ctx.authorAccount.id}&handle=${ctx.authorAccount.handle}`,
          ctx.cookieOf(a),
        );
        const data = res.status === 200 ? (JSON.parse(res.text) as AccountExport) : null;
        const m = ctx.memberOf(a);
        return judge(res, {
          done: m ? data?.account.email === m.email : undefined,
          leaked: a !== "autor" && data?.account.id === ctx.authorAccount.id,
        });
      },
      expect: MEMBERS,
    },
    {
      name: "ler notificações (GET)",
      // Opening the page marks the reader's own notifications read, never the author's.
      run: async (a) => {
        await ctx.commentOn(await ctx.fresh(), ctx.other);
        if ((await ctx.unread(ctx.author)) === 0) throw new Error("o autor não tem notificação não lida");
        const res = await ctx.get("/notifications", ctx.cookieOf(a));
        const left = await ctx.unread(ctx.author);
        return judge(res, a === "autor" ? { done: left === 0 } : { leaked: left === 0 });
      },
      expect: MEMBERS,
    },
    {
      name: "mudar papel do membro",
      // Roles are given by admins only (there is none in the cast); not even to oneself.
      run: async (a) => {
        const res = await ctx.post(
          `/u/${ctx.authorAccount.handle}`,
          { intent: "role", role: "moderator" },
          ctx.cookieOf(a),
        );
        return judge(res, { done: (await ctx.accountOf(ctx.author)).account.role !== "member" });
      },
      expect: expecting("login", "refused", "refused", "refused"),
    },
  ];
}
