// A small fake of GitHub's OAuth app flow and user API, on loopback, for the sign-in with GitHub specs:
// /login/oauth/authorize shows a consent page ("Authorize" / "Cancel" → error=access_denied),
// /login/oauth/access_token checks the client, the code, the redirect_uri and PKCE (S256), and /user,
// /user/emails and /avatars/{id}.png answer for the token's user. The test picks who signs in (`signInAs`).
import { createHash, randomBytes } from "node:crypto";
import { createServer, type IncomingMessage, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import sharp from "sharp";

export type FakeGitHubUser = {
  id: number;
  login: string;
  name: string;
  emails: { email: string; primary: boolean; verified: boolean }[];
};

export type FakeGitHub = {
  url: string;
  clientId: string;
  clientSecret: string;
  /** The next authorization signs in as this user. */
  signInAs: (user: FakeGitHubUser) => void;
  /** How many token exchanges were refused (a wrong verifier, a used code…). */
  refusals: () => number;
  stop: () => Promise<void>;
};

type Grant = { user: FakeGitHubUser; redirectUri: string; challenge: string; clientId: string };

const escape = (value: string) => value.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);

async function body(req: IncomingMessage): Promise<URLSearchParams> {
  const chunks: Buffer[] = [];
  for await (const chunk of req) chunks.push(chunk as Buffer);
  return new URLSearchParams(Buffer.concat(chunks).toString("utf8"));
}

export async function startFakeGitHub(): Promise<FakeGitHub> {
  const clientId = `gh-client-${randomBytes(4).toString("hex")}`;
  const clientSecret = `gh-secret-${randomBytes(8).toString("hex")}`;
  let current: FakeGitHubUser | null = null;
  let refused = 0;
  const codes = new Map<string, Grant>();
  const tokens = new Map<string, FakeGitHubUser>();
  const avatar = await sharp({
    create: { width: 64, height: 64, channels: 3, background: { r: 40, g: 120, b: 200 } },
  })
    .png()
    .toBuffer();

  const server: Server = createServer((req, res) => {
    void (async () => {
      const url = new URL(req.url ?? "/", "http://fake");
      const json = (status: number, value: unknown) => {
        res.writeHead(status, { "Content-Type": "application/json" });
        res.end(JSON.stringify(value));
      };
      if (url.pathname === "/login/oauth/authorize") {
        const p = url.searchParams;
        const redirectUri = p.get("redirect_uri") ?? "";
        if (p.get("client_id") !== clientId || !redirectUri || p.get("code_challenge_method") !== "S256") {
          return json(400, { error: "bad request" });
        }
        const back = (params: Record<string, string>) => {
          const target = new URL(redirectUri);
          for (const [k, v] of Object.entries(params)) target.searchParams.set(k, v);
          if (p.get("state")) target.searchParams.set("state", p.get("state") ?? "");
          return target.href;
        };
        if (url.searchParams.get("decision") === "deny") {
          res.writeHead(302, { Location: back({ error: "access_denied", error_description: "denied" }) });
          return res.end();
        }
        if (url.searchParams.get("decision") === "allow" && current) {
          const code = randomBytes(10).toString("hex");
          codes.set(code, {
            user: current,
            redirectUri,
            challenge: p.get("code_challenge") ?? "",
            clientId,
          });
          res.writeHead(302, { Location: back({ code }) });
          return res.end();
        }
        const allow = new URL(url.href);
        allow.searchParams.set("decision", "allow");
        const deny = new URL(url.href);
        deny.searchParams.set("decision", "deny");
        res.writeHead(200, { "Content-Type": "text/html; charset=utf-8" });
        return res.end(
          `<!doctype html><html lang="en"><head><title>Authorize app</title></head><body><main>` +
            `<h1>Authorize Suporte de Domingo</h1><p>Signed in as ${escape(current?.login ?? "nobody")}</p>` +
            `<a href="${escape(allow.pathname + allow.search)}">Authorize</a> ` +
            `<a href="${escape(deny.pathname + deny.search)}">Cancel</a></main></body></html>`,
        );
      }
      if (url.pathname === "/login/oauth/access_token" && req.method === "POST") {
        const form = await body(req);
        const grant = codes.get(form.get("code") ?? "");
        codes.delete(form.get("code") ?? "");
        const verifier = form.get("code_verifier") ?? "";
        const challenge = createHash("sha256").update(verifier).digest("base64url");
        if (
          !grant ||
          form.get("client_id") !== clientId ||
          form.get("client_secret") !== clientSecret ||
          form.get("redirect_uri") !== grant.redirectUri ||
          challenge !== grant.challenge
        ) {
          refused++;
          return json(400, { error: "bad_verification_code" });
        }
        const token = `gho_${randomBytes(12).toString("hex")}`;
        tokens.set(token, grant.user);
        return json(200, { access_token: token, token_type: "bearer", scope: "read:user,user:email" });
      }
      if (url.pathname.startsWith("/avatars/")) {
        res.writeHead(200, { "Content-Type": "image/png" });
        return res.end(avatar);
      }
      const user = tokens.get((req.headers.authorization ?? "").replace(/^Bearer /, ""));
      if (url.pathname === "/user" || url.pathname === "/user/emails") {
        if (!user) return json(401, { message: "Bad credentials" });
        if (url.pathname === "/user/emails") return json(200, user.emails);
        const address = server.address() as AddressInfo;
        return json(200, {
          id: user.id,
          login: user.login,
          name: user.name,
          avatar_url: `http://127.0.0.1:${address.port}/avatars/${user.id}.png`,
        });
      }
      json(404, { message: "Not Found" });
    })().catch((error: unknown) => {
      res.writeHead(500);
      res.end(String(error));
    });
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}`,
    clientId,
    clientSecret,
    signInAs: (user) => {
      current = user;
    },
    refusals: () => refused,
    stop: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}
