// Configuration, read once and validated with one clear message per bad variable (DESIGN.md §Configuration).
import { isIP } from "node:net";
import { z } from "zod";

/** The site's public origin: scheme and host only (every link is built under it, ADR 021). */
const publicOrigin = z
  .url({ message: "deve ser uma URL completa, por exemplo https://exemplo.com.br" })
  .refine((value) => /^https?:$/.test(new URL(value).protocol), "deve começar com http:// ou https://")
  .refine((value) => {
    const url = new URL(value);
    return url.pathname === "/" && !url.search && !url.hash && !url.username && !url.password;
  }, "deve ser só o endereço do site, sem caminho, por exemplo https://exemplo.com.br")
  .optional();

/** A provider's address (ADR 044): https, or http on loopback only (the tests' local providers). */
const providerUrl = z
  .url({ message: "deve ser uma URL completa, por exemplo https://github.com" })
  .refine((value) => {
    const url = new URL(value);
    return url.protocol === "https:" || (url.protocol === "http:" && isLoopbackHost(url.hostname));
  }, "deve começar com https:// (http:// só em 127.0.0.1 ou localhost, para testes)")
  .transform((value) => value.replace(/\/$/, ""));

export function isLoopbackHost(hostname: string): boolean {
  return hostname === "localhost" || hostname === "[::1]" || /^127\.\d+\.\d+\.\d+$/.test(hostname);
}

const PROXY_NAMES = new Set(["loopback", "linklocal", "uniquelocal"]);

/** An address or subnet Express can trust as a proxy: 10.0.0.1, 10.0.0.0/8, ::1, fd00::/8. */
function isProxyAddress(value: string): boolean {
  const [address = "", bits, ...rest] = value.split("/");
  const version = isIP(address);
  if (!version || rest.length > 0) return false;
  if (bits === undefined) return true;
  if (!/^\d{1,3}$/.test(bits)) return false;
  return Number(bits) <= (version === 4 ? 32 : 128);
}

/**
 * Which proxies' `X-Forwarded-For` / `-Proto` / `-Host` are believed (Express' "trust proxy"): `false` none,
 * `true` all (only behind a proxy that overwrites them), a number of hops, or addresses, subnets and the names
 * loopback, linklocal, uniquelocal separated by commas.
 */
const trustProxy = z
  .string()
  .trim()
  .refine(
    (value) =>
      /^(true|false|\d{1,2})$/.test(value) ||
      value
        .split(",")
        .map((part) => part.trim())
        .every((part) => PROXY_NAMES.has(part) || isProxyAddress(part)),
    "deve ser true, false, um número de proxies ou endereços/sub-redes separados por vírgula (ex.: loopback, 10.0.0.0/8)",
  )
  .transform((value): boolean | number | string[] => {
    if (value === "true" || value === "false") return value === "true";
    if (/^\d+$/.test(value)) return Number(value);
    return value.split(",").map((part) => part.trim());
  })
  .default(["loopback"]);

/**
 * Client addresses that may read /metrics without a token (ADR 040): addresses, subnets and the names loopback,
 * linklocal, uniquelocal separated by commas, or `none`. Compared with the address TRUST_PROXY yields.
 */
const metricsAllow = z
  .string()
  .trim()
  .refine(
    (value) =>
      value === "none" ||
      value
        .split(",")
        .map((part) => part.trim())
        .every((part) => PROXY_NAMES.has(part) || isProxyAddress(part)),
    "deve ser none ou endereços/sub-redes separados por vírgula (ex.: loopback, 10.0.0.0/8)",
  )
  .transform((value): string[] => (value === "none" ? [] : value.split(",").map((part) => part.trim())))
  .default(["loopback"]);

const envSchema = z.object({
  NODE_ENV: z.enum(["development", "production", "test"]).default("development"),
  PORT: z.coerce.number().int().min(0).max(65535).default(3000),
  HOST: z.string().default("0.0.0.0"),
  DATA_DIR: z.string().min(1).default("./data"),
  DATABASE_URL: z
    .string()
    .regex(/^postgres(ql)?:\/\//, "deve começar com postgres:// ou postgresql://")
    .optional(),
  PUBLIC_URL: publicOrigin,
  TRUST_PROXY: trustProxy,
  SMTP_URL: z
    .string()
    .regex(/^smtps?:\/\//, "deve começar com smtp:// ou smtps://")
    .optional(),
  MAIL_FROM: z.string().default("Suporte de Domingo <nao-responda@suportededomingo.dev>"),
  BRAND_HOME_URL: z.url({ message: "deve ser uma URL completa" }).default("https://suportededomingo.dev"),
  CONTACT_PHONE: z.string().default("(11) 4002-8922"),
  CONTACT_EMAIL: z.email({ message: "deve ser um e-mail válido" }).default("contato@suportededomingo.dev"),
  SEED_DEMO: z
    .enum(["true", "false", "1", "0"])
    .transform((v) => v === "true" || v === "1")
    .optional(),
  /** Requests inside the app at once; more wait in line (server/concurrency-limit.ts). */
  MAX_CONCURRENT_REQUESTS: z.coerce.number().int().min(1).max(1000).default(64),
  /**
   * App servers `npm start` runs on PostgreSQL (server/cluster.ts, ADR 029); unset, one per available core.
   * PGlite belongs to one process, so it always runs one.
   */
  WEB_CONCURRENCY: z.coerce
    .number({ message: "deve ser um número inteiro de 1 a 64" })
    .int("deve ser um número inteiro de 1 a 64")
    .min(1, "deve ser um número inteiro de 1 a 64")
    .max(64, "deve ser um número inteiro de 1 a 64")
    .optional(),
  /** `off` renders every visitor's page afresh (ADR 015); the cache is never used in development. */
  VISITOR_PAGE_CACHE: z.enum(["on", "off"]).default("on"),
  /** `off` renders every member's question page afresh instead of from the render kept per standing (ADR 074). */
  MEMBER_PAGE_CACHE: z.enum(["on", "off"]).default("on"),
  ADMIN_EMAIL: z.email({ message: "deve ser um e-mail válido" }).optional(),
  /** A bearer token that reads /metrics from any address (ADR 040); unset, only METRICS_ALLOW's addresses. */
  METRICS_TOKEN: z
    .string()
    .regex(/^[\x21-\x7e]{16,}$/, "deve ter pelo menos 16 caracteres, sem espaços")
    .optional(),
  METRICS_ALLOW: metricsAllow,
  LOG_LEVEL: z.enum(["fatal", "error", "warn", "info", "debug", "trace", "silent"]).default("info"),
  // Uploads on S3-compatible storage (ADR 038): all or nothing, see `s3Config()`.
  S3_ENDPOINT: z
    .url({ message: "deve ser uma URL completa, por exemplo https://s3.us-east-1.amazonaws.com" })
    .refine((value) => /^https?:$/.test(new URL(value).protocol), "deve começar com http:// ou https://")
    .optional(),
  S3_BUCKET: z
    .string()
    .regex(
      /^[a-z0-9][a-z0-9.-]{1,61}[a-z0-9]$/,
      "deve ser o nome de um bucket: de 3 a 63 letras minúsculas, números, pontos ou hífens",
    )
    .optional(),
  S3_REGION: z
    .string()
    .regex(/^[a-z0-9-]{1,32}$/, "deve ser o nome de uma região, por exemplo us-east-1")
    .optional(),
  S3_ACCESS_KEY_ID: z.string().optional(),
  S3_SECRET_ACCESS_KEY: z.string().optional(),
  S3_FORCE_PATH_STYLE: z
    .enum(["true", "false", "1", "0"], { message: "deve ser true ou false" })
    .transform((v) => v === "true" || v === "1")
    .optional(),
  // Sign-in with GitHub and Google (ADR 044): each provider's pair, all or nothing.
  GITHUB_CLIENT_ID: z.string().trim().min(1).optional(),
  GITHUB_CLIENT_SECRET: z.string().trim().min(1).optional(),
  GOOGLE_CLIENT_ID: z.string().trim().min(1).optional(),
  GOOGLE_CLIENT_SECRET: z.string().trim().min(1).optional(),
  /** For tests and GitHub Enterprise: where /login/oauth/* lives. */
  GITHUB_OAUTH_URL: providerUrl.default("https://github.com"),
  /** For tests and GitHub Enterprise: where /user and /user/emails live. */
  GITHUB_API_URL: providerUrl.default("https://api.github.com"),
  /** For tests: the OpenID issuer whose discovery document is read. */
  GOOGLE_ISSUER: providerUrl.default("https://accounts.google.com"),
});

const S3_VARIABLES = [
  "S3_ENDPOINT",
  "S3_BUCKET",
  "S3_REGION",
  "S3_ACCESS_KEY_ID",
  "S3_SECRET_ACCESS_KEY",
  "S3_FORCE_PATH_STYLE",
] as const;

const PROVIDER_PAIRS = [
  ["GITHUB_CLIENT_ID", "GITHUB_CLIENT_SECRET"],
  ["GOOGLE_CLIENT_ID", "GOOGLE_CLIENT_SECRET"],
] as const;

/** A partial S3 configuration would silently keep uploads on one machine's disk: it stops the start instead. */
const envSchemaChecked = envSchema.superRefine((config, context) => {
  // Half a provider pair is a typo, not a choice: it stops the start rather than hide the button.
  for (const [id, secret] of PROVIDER_PAIRS) {
    if ((config[id] === undefined) === (config[secret] === undefined)) continue;
    const missing = config[id] === undefined ? id : secret;
    context.addIssue({
      code: "custom",
      path: [missing],
      message: `deve ser definida junto com ${missing === id ? secret : id} (as duas ou nenhuma)`,
    });
  }
  const set = S3_VARIABLES.filter((name) => config[name] !== undefined);
  if (set.length === 0) return;
  const needed = ["S3_BUCKET", "S3_ACCESS_KEY_ID", "S3_SECRET_ACCESS_KEY"] as const;
  for (const name of needed) {
    if (config[name] !== undefined) continue;
    context.addIssue({
      code: "custom",
      path: [name],
      message: `deve ser definida: a configuração S3 (${set.join(", ")}) precisa de S3_BUCKET, S3_ACCESS_KEY_ID e S3_SECRET_ACCESS_KEY juntas; sem nenhuma S3_*, as imagens ficam em DATA_DIR/uploads`,
    });
  }
});

export type Env = z.infer<typeof envSchema>;

/** Empty strings count as unset, so `FOO= npm start` behaves like not setting FOO. */
function withoutEmpty(source: Record<string, string | undefined>) {
  return Object.fromEntries(Object.entries(source).filter(([, v]) => v !== undefined && v !== ""));
}

export function parseEnv(source: Record<string, string | undefined>): Env {
  const result = envSchemaChecked.safeParse(withoutEmpty(source));
  if (!result.success) {
    const lines = result.error.issues.map((issue) => `  - ${issue.path.join(".")}: ${issue.message}`);
    throw new Error(`Configuração inválida:\n${lines.join("\n")}`);
  }
  return result.data;
}

let cached: Env | undefined;

export function env(): Env {
  cached ??= parseEnv(process.env);
  return cached;
}

/** Tests that change `process.env` (tests/support/env.ts): the next `env()` reads it again. */
export function forgetEnv(): void {
  cached = undefined;
}

/**
 * The public origin of the site, for every absolute link (e-mails, feeds, sitemap, canonical links). Never read
 * from the request: `Host` and `X-Forwarded-Host` are whatever the sender typed, and a reset link built from
 * them would hand the token to their server (ADR 021). Unset, links point at this machine.
 */
export function publicUrl(): string {
  const configured = env().PUBLIC_URL;
  if (configured) return configured.replace(/\/$/, "");
  return `http://localhost:${env().PORT}`;
}

export type S3Config = {
  /** Unset: AWS S3 itself, at the region's address. */
  endpoint: string | undefined;
  bucket: string;
  region: string;
  accessKeyId: string;
  secretAccessKey: string;
  /** `bucket` in the path (`endpoint/bucket/key`) rather than the host name: MinIO, s3rver, many others. */
  forcePathStyle: boolean;
};

/** Where uploads go when an S3-compatible bucket is configured; null keeps them in `DATA_DIR/uploads`. */
export function s3Config(config: Env = env()): S3Config | null {
  const { S3_BUCKET, S3_ACCESS_KEY_ID, S3_SECRET_ACCESS_KEY } = config;
  // parseEnv refuses a partial configuration, so this is all or nothing.
  if (!S3_BUCKET || !S3_ACCESS_KEY_ID || !S3_SECRET_ACCESS_KEY) return null;
  return {
    endpoint: config.S3_ENDPOINT,
    bucket: S3_BUCKET,
    region: config.S3_REGION ?? "us-east-1",
    accessKeyId: S3_ACCESS_KEY_ID,
    secretAccessKey: S3_SECRET_ACCESS_KEY,
    forcePathStyle: config.S3_FORCE_PATH_STYLE ?? false,
  };
}

export type SignInProvider = "github" | "google";

export type ProviderCredentials = { clientId: string; clientSecret: string };

/** A provider's client id and secret, or null when it is not configured (ADR 044). */
export function providerCredentials(
  provider: SignInProvider,
  config: Env = env(),
): ProviderCredentials | null {
  const clientId = provider === "github" ? config.GITHUB_CLIENT_ID : config.GOOGLE_CLIENT_ID;
  const clientSecret = provider === "github" ? config.GITHUB_CLIENT_SECRET : config.GOOGLE_CLIENT_SECRET;
  return clientId && clientSecret ? { clientId, clientSecret } : null;
}

/** The providers whose buttons are shown: the configured ones, GitHub first. */
export function configuredProviders(config: Env = env()): SignInProvider[] {
  return (["github", "google"] as const).filter((p) => providerCredentials(p, config) !== null);
}

/**
 * Where the configured providers' authorization pages live (the CSP's `form-action`: the sign-in forms are
 * redirected there). Google's is on its issuer's origin.
 */
export function signInProviderOrigins(config: Env = env()): string[] {
  return configuredProviders(config).map(
    (provider) => new URL(provider === "github" ? config.GITHUB_OAUTH_URL : config.GOOGLE_ISSUER).origin,
  );
}

/** Public configuration the browser may see; never put a secret here. */
export function publicConfig() {
  const e = env();
  return {
    brandHomeUrl: e.BRAND_HOME_URL,
    contactPhone: e.CONTACT_PHONE,
    contactEmail: e.CONTACT_EMAIL,
    signInProviders: configuredProviders(e),
  };
}
