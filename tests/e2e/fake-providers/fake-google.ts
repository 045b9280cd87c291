// Google's stand-in for the sign-in specs: a real OpenID provider (oidc-provider) on loopback, with discovery,
// JWKS-signed id_tokens, PKCE required, and its development login and consent pages. The login typed on its
// page is the account's `sub`; the test says which e-mail each has and whether it is verified.
import { randomBytes } from "node:crypto";
import { createServer, type IncomingMessage, type ServerResponse } from "node:http";
import type { AddressInfo } from "node:net";
import Provider from "oidc-provider";

export type FakeGoogleAccount = { email: string; emailVerified: boolean; name: string };

export type FakeGoogle = {
  issuer: string;
  clientId: string;
  clientSecret: string;
  setAccount: (sub: string, account: FakeGoogleAccount) => void;
  stop: () => Promise<void>;
};

export async function startFakeGoogle(callbackUrl: string): Promise<FakeGoogle> {
  const clientId = `google-client-${randomBytes(4).toString("hex")}`;
  const clientSecret = `google-secret-${randomBytes(12).toString("hex")}`;
  const accounts = new Map<string, FakeGoogleAccount>();
  // Listen first: the issuer must carry the port.
  let handler: ((req: IncomingMessage, res: ServerResponse) => void) | null = null;
  const server = createServer((req, res) => handler?.(req, res));
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const { port } = server.address() as AddressInfo;
  const issuer = `http://127.0.0.1:${port}`;
  const provider = new Provider(issuer, {
    clients: [
      {
        client_id: clientId,
        client_secret: clientSecret,
        redirect_uris: [callbackUrl],
        grant_types: ["authorization_code"],
        response_types: ["code"],
        token_endpoint_auth_method: "client_secret_post",
      },
    ],
    pkce: { required: () => true },
    claims: { openid: ["sub"], email: ["email", "email_verified"], profile: ["name"] },
    // Google puts the e-mail claims in the id_token; so does the stand-in.
    conformIdTokenClaims: false,
    features: { devInteractions: { enabled: true } },
    cookies: { keys: [randomBytes(16).toString("hex")] },
    findAccount: (_ctx, sub) => {
      const account = accounts.get(sub);
      if (!account) return undefined;
      return {
        accountId: sub,
        claims: () => ({
          sub,
          email: account.email,
          email_verified: account.emailVerified,
          name: account.name,
        }),
      };
    },
  });
  handler = provider.callback();
  return {
    issuer,
    clientId,
    clientSecret,
    setAccount: (sub, account) => accounts.set(sub, account),
    stop: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}
