// Sign-in with GitHub and Google, the OAuth side (ADR 044): authorization code with PKCE and `state` (and the
// OIDC `nonce` and id_token checks for Google) through openid-client; no crypto of our own. The flow's secrets
// stay in the database (`sign_in_flows`), keyed by the SHA-256 of a random id in an httpOnly, SameSite=Lax
// cookie; single use, ten minutes. Callback addresses come from PUBLIC_URL, never from the request.
import { and, eq, gt, lt } from "drizzle-orm";
import * as client from "openid-client";
import { signInFlows } from "#db/schema.ts";
import { getDb } from "#app/lib/db.server.ts";
import { clientAddressKey } from "#app/lib/client-address.ts";
import {
  env,
  isLoopbackHost,
  providerCredentials,
  publicUrl,
  type SignInProvider,
} from "#app/lib/env.server.ts";
import { AppError, type AppErrorCode } from "#app/lib/errors.ts";
import { logger } from "#app/lib/logger.server.ts";
import { createToken, hashToken } from "#app/lib/tokens.server.ts";
import type { Viewer } from "#app/lib/viewer.ts";
import type { RequestMeta } from "./sessions.server.ts";
import { importProviderAvatar } from "./provider-avatar.server.ts";
import { PROVIDER_MESSAGES, PROVIDER_NAMES } from "./provider-messages.ts";
import {
  signInWithProvider,
  type ProviderIntent,
  type ProviderOutcome,
  type ProviderProfile,
} from "./provider-accounts.server.ts";
import { assertRateLimit, RATE_LIMITS } from "#app/lib/rate-limits.server.ts";
import { isSecure, readCookie } from "./sessions.server.ts";

const SIGN_IN_PROVIDERS = ["github", "google"] as const satisfies readonly SignInProvider[];
export const isSignInProvider = (value: unknown): value is SignInProvider =>
  SIGN_IN_PROVIDERS.includes(value as SignInProvider);

export type StartIntent = "sign-in" | "sign-up" | "link";

/** The flow lives this long: the person has ten minutes at the provider. */
const FLOW_TTL_SECONDS = 10 * 60;
/** Each call to a provider gives up after this long ("the provider is down"). */
const TIMEOUT_SECONDS = 10;

/** Why a flow failed, for its Portuguese page. */
export type ProviderFailure = "state" | "refused" | "down" | "unconfigured" | "otherMember";

export class ProviderFlowError extends AppError {
  readonly failure: ProviderFailure;
  constructor(failure: ProviderFailure, code: AppErrorCode, message: string) {
    super(code, message);
    this.failure = failure;
  }
}

const FLOW_MESSAGES = {
  state:
    "Este retorno não corresponde a um pedido de entrada feito neste navegador, ou já foi usado. Nada foi feito; tente entrar de novo.",
  refused: (provider: SignInProvider) =>
    `Você não autorizou a Suporte de Domingo no ${PROVIDER_NAMES[provider]}. Nada foi criado; tente de novo quando quiser, ou entre com e-mail e senha.`,
  down: (provider: SignInProvider) =>
    `Não conseguimos falar com o ${PROVIDER_NAMES[provider]} agora. Tente de novo em alguns minutos, ou entre com e-mail e senha.`,
  unconfigured: (provider: SignInProvider) =>
    `Entrar com ${PROVIDER_NAMES[provider]} não está disponível neste site.`,
} as const;

/** `${PUBLIC_URL}/entrar/github/retorno`: what is registered at the provider (ADR 021: never from Host). */
function callbackUrl(provider: SignInProvider): string {
  return `${publicUrl()}/entrar/${provider}/retorno`;
}

// ------------------------------------------------------------------------------------------- cookie

const COOKIE_NAME = "sdd_oauth";
const SECURE_COOKIE_NAME = "__Host-sdd_oauth";
const cookieName = (request: Request) => (isSecure(request) ? SECURE_COOKIE_NAME : COOKIE_NAME);

export function readFlowToken(request: Request): string | null {
  return readCookie(request, cookieName(request));
}

/** SameSite=Lax: the provider's redirect back is a top-level GET, which carries it; nothing else cross-site. */
export function flowCookie(request: Request, token: string): string {
  const attributes = ["Path=/", `Max-Age=${FLOW_TTL_SECONDS}`, "HttpOnly", "SameSite=Lax"];
  if (isSecure(request)) attributes.push("Secure");
  return `${cookieName(request)}=${token}; ${attributes.join("; ")}`;
}

export function clearFlowCookie(request: Request): string {
  const attributes = ["Path=/", "Max-Age=0", "HttpOnly", "SameSite=Lax"];
  if (isSecure(request)) attributes.push("Secure");
  return `${cookieName(request)}=; ${attributes.join("; ")}`;
}

// ------------------------------------------------------------------------------------ configurations

const insecureOnLoopback = (url: string) => {
  const parsed = new URL(url);
  return parsed.protocol === "http:" && isLoopbackHost(parsed.hostname);
};

let google: Promise<client.Configuration> | undefined;

async function configurationFor(provider: SignInProvider): Promise<client.Configuration> {
  const credentials = providerCredentials(provider);
  if (!credentials) {
    throw new ProviderFlowError("unconfigured", "not_found", FLOW_MESSAGES.unconfigured(provider));
  }
  const config = env();
  if (provider === "github") {
    // GitHub is OAuth 2.0 without discovery: its two endpoints, written down.
    const base = config.GITHUB_OAUTH_URL;
    const configuration = new client.Configuration(
      {
        issuer: base,
        authorization_endpoint: `${base}/login/oauth/authorize`,
        token_endpoint: `${base}/login/oauth/access_token`,
      },
      credentials.clientId,
      { client_secret: credentials.clientSecret },
      client.ClientSecretPost(credentials.clientSecret),
    );
    configuration.timeout = TIMEOUT_SECONDS;
    if (insecureOnLoopback(base)) client.allowInsecureRequests(configuration);
    return configuration;
  }
  // Google: OIDC discovery (its JWKS and endpoints), once per process; a failed one is tried again next time.
  google ??= client
    .discovery(
      new URL(config.GOOGLE_ISSUER),
      credentials.clientId,
      { client_secret: credentials.clientSecret },
      client.ClientSecretPost(credentials.clientSecret),
      {
        timeout: TIMEOUT_SECONDS,
        execute: insecureOnLoopback(config.GOOGLE_ISSUER) ? [client.allowInsecureRequests] : [],
      },
    )
    .catch((error: unknown) => {
      google = undefined;
      throw error;
    });
  return google;
}

function down(provider: SignInProvider, error: unknown): ProviderFlowError {
  // Never the request or the response: they may hold the code or a token.
  logger.warn(
    { provider, err: error instanceof Error ? { name: error.name, message: error.message } : String(error) },
    "sign-in provider failed",
  );
  return new ProviderFlowError("down", "validation", FLOW_MESSAGES.down(provider));
}

// ------------------------------------------------------------------------------------------- start

/**
 * The button: a flow row and the provider's authorization address (PKCE S256, `state`, and `nonce` for
 * Google). Rate-limited per client address like the sign-in. `link` needs the member signed in.
 */
export async function startProviderFlow(
  provider: SignInProvider,
  input: { intent: StartIntent; returnTo: string; viewer: Viewer | null },
  meta: RequestMeta,
): Promise<{ url: string; flowToken: string }> {
  await assertRateLimit(RATE_LIMITS.providerPerIp, clientAddressKey(meta.ip));
  if (input.intent === "link" && !input.viewer) {
    throw new AppError("unauthenticated", "Entre na sua conta para vincular um provedor.");
  }
  // A link is a way into the account: only one whose address is proven gets one (an account made with someone
  // else's address, waiting for its owner to reclaim it, must not).
  if (input.intent === "link" && !input.viewer?.emailVerified) {
    throw new AppError(
      "forbidden",
      "Confirme o seu e-mail (pelo link que enviamos) antes de vincular o GitHub ou o Google.",
    );
  }
  let configuration: client.Configuration;
  try {
    configuration = await configurationFor(provider);
  } catch (error) {
    if (error instanceof ProviderFlowError) throw error;
    throw down(provider, error);
  }
  const state = client.randomState();
  const codeVerifier = client.randomPKCECodeVerifier();
  const nonce = provider === "google" ? client.randomNonce() : null;
  const codeChallenge = await client.calculatePKCECodeChallenge(codeVerifier);
  const { token, hash } = createToken();
  const now = new Date();
  const db = await getDb();
  await db.insert(signInFlows).values({
    idHash: hash,
    provider,
    intent: input.intent,
    state,
    codeVerifier,
    nonce,
    returnTo: input.returnTo,
    userId: input.intent === "link" ? (input.viewer?.id ?? null) : null,
    createdAt: now,
    expiresAt: new Date(now.getTime() + FLOW_TTL_SECONDS * 1000),
  });
  // Now and then, forget flows nobody finished.
  if (Math.random() < 0.05) await db.delete(signInFlows).where(lt(signInFlows.expiresAt, now));
  const parameters: Record<string, string> = {
    redirect_uri: callbackUrl(provider),
    scope: provider === "github" ? "read:user user:email" : "openid email profile",
    code_challenge: codeChallenge,
    code_challenge_method: "S256",
    state,
  };
  if (nonce) parameters.nonce = nonce;
  return { url: client.buildAuthorizationUrl(configuration, parameters).href, flowToken: token };
}

// ---------------------------------------------------------------------------------------- callback

type GitHubEmail = { email: string; primary: boolean; verified: boolean };

async function githubJson(path: string, accessToken: string): Promise<unknown> {
  const response = await fetch(`${env().GITHUB_API_URL}${path}`, {
    headers: {
      Authorization: `Bearer ${accessToken}`,
      Accept: "application/vnd.github+json",
      "User-Agent": "suporte-de-domingo",
    },
    signal: AbortSignal.timeout(TIMEOUT_SECONDS * 1000),
  });
  if (!response.ok) throw new Error(`GitHub ${path}: HTTP ${response.status}`);
  return response.json();
}

/** `/user` and `/user/emails`: the primary verified address, else any verified one, else none. */
async function githubProfile(accessToken: string): Promise<ProviderProfile> {
  const [user, emails] = (await Promise.all([
    githubJson("/user", accessToken),
    githubJson("/user/emails", accessToken),
  ])) as [{ id?: unknown; login?: unknown; name?: unknown; avatar_url?: unknown }, GitHubEmail[]];
  if (typeof user.id !== "number" && typeof user.id !== "string") throw new Error("GitHub /user: no id");
  const list = Array.isArray(emails) ? emails : [];
  const chosen =
    list.find((e) => e.primary && e.verified) ?? list.find((e) => e.verified) ?? list.find((e) => e.primary);
  const login = typeof user.login === "string" ? user.login : "";
  return {
    provider: "github",
    providerUserId: String(user.id),
    email: chosen?.email ?? "",
    emailVerified: Boolean(chosen?.verified && chosen.email),
    name: (typeof user.name === "string" && user.name.trim()) || login || "",
    avatarUrl: typeof user.avatar_url === "string" ? user.avatar_url : null,
  };
}

/** Google's id_token, already checked by openid-client (signature by JWKS, iss, aud, exp, nonce). */
function googleProfile(claims: client.IDToken | undefined): ProviderProfile {
  if (!claims) throw new Error("Google: no id_token");
  const email = typeof claims.email === "string" ? claims.email : "";
  return {
    provider: "google",
    providerUserId: claims.sub,
    email,
    emailVerified: claims.email_verified === true && email !== "",
    name: typeof claims.name === "string" ? claims.name : "",
    avatarUrl: typeof claims.picture === "string" ? claims.picture : null,
  };
}

export type FinishedFlow = { outcome: ProviderOutcome; returnTo: string; intent: StartIntent };

/**
 * The provider's redirect back. The flow row is taken (deleted) first, so a replayed answer finds nothing; a
 * missing cookie, an unknown or expired flow, another provider's or a `state` that differs are all "state"
 * failures, and nothing is created. A refused consent, the provider down and an unverified e-mail have their
 * own messages. Then the account rules decide (provider-accounts.server.ts).
 */
export async function finishProviderFlow(
  provider: SignInProvider,
  request: Request,
  viewer: Viewer | null,
  meta: RequestMeta,
): Promise<FinishedFlow> {
  await assertRateLimit(RATE_LIMITS.providerPerIp, clientAddressKey(meta.ip));
  const params = new URL(request.url).searchParams;
  const flowToken = readFlowToken(request);
  const stateError = new ProviderFlowError("state", "validation", FLOW_MESSAGES.state);
  if (!flowToken) throw stateError;
  const db = await getDb();
  const [flow] = await db
    .delete(signInFlows)
    .where(
      and(
        eq(signInFlows.idHash, hashToken(flowToken)),
        eq(signInFlows.provider, provider),
        gt(signInFlows.expiresAt, new Date()),
      ),
    )
    .returning();
  if (!flow || flow.intent === "pending-link" || !flow.state || !flow.codeVerifier) throw stateError;
  if (params.get("state") !== flow.state) throw stateError;
  const intent = flow.intent as StartIntent;
  if (params.get("error") === "access_denied") {
    throw new ProviderFlowError("refused", "forbidden", FLOW_MESSAGES.refused(provider));
  }
  if (params.has("error")) throw down(provider, new Error(`authorization error ${params.get("error")}`));
  if (intent === "link" && (!viewer || viewer.id !== flow.userId)) {
    throw new ProviderFlowError("otherMember", "forbidden", PROVIDER_MESSAGES.otherMember);
  }

  let profile: ProviderProfile;
  try {
    const configuration = await configurationFor(provider);
    // The address the provider sent the person to, rebuilt on PUBLIC_URL: only the query is the request's.
    const current = new URL(`${callbackUrl(provider)}?${params.toString()}`);
    const tokens = await client.authorizationCodeGrant(configuration, current, {
      pkceCodeVerifier: flow.codeVerifier,
      expectedState: flow.state,
      ...(provider === "google" ? { expectedNonce: flow.nonce ?? "", idTokenExpected: true } : {}),
    });
    // The access token is used for the profile and then forgotten: nothing of it is stored.
    profile =
      provider === "github" ? await githubProfile(tokens.access_token) : googleProfile(tokens.claims());
  } catch (error) {
    if (error instanceof ProviderFlowError) throw error;
    throw down(provider, error);
  }

  const providerIntent: ProviderIntent =
    intent === "link" && flow.userId !== null
      ? { kind: "link", userId: flow.userId }
      : { kind: intent === "sign-up" ? "sign-up" : "sign-in" };
  const outcome = await signInWithProvider(profile, providerIntent, meta, {
    importAvatar: importProviderAvatar,
    returnTo: flow.returnTo,
  });
  return { outcome, returnTo: flow.returnTo, intent };
}
