// Configuration, read once and validated with one clear message per bad variable (DESIGN.md §Configuration).
import { z } from "zod";

const optionalUrl = z
  .url({ message: "deve ser uma URL completa, por exemplo https://exemplo.com.br" })
  .optional();

const envSchema = z.object({
  NODE_ENV: z.enum(["development", "production", "test"]).default("development"),
  PORT: z.coerce.number().int().min(0).max(65535).default(3000),
  HOST: z.string().default("0.0.0.0"),
  DATA_DIR: z.string().min(1).default("./data"),
  DATABASE_URL: z
    .string()
    .regex(/^postgres(ql)?:\/\//, "deve começar com postgres:// ou postgresql://")
    .optional(),
  PUBLIC_URL: optionalUrl,
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
  /** `off` renders every visitor's page afresh (ADR 015); the cache is never used in development. */
  VISITOR_PAGE_CACHE: z.enum(["on", "off"]).default("on"),
  ADMIN_EMAIL: z.email({ message: "deve ser um e-mail válido" }).optional(),
  LOG_LEVEL: z.enum(["fatal", "error", "warn", "info", "debug", "trace", "silent"]).default("info"),
});

export type Env = z.infer<typeof envSchema>;

/** Empty strings count as unset, so `FOO= npm start` behaves like not setting FOO. */
function withoutEmpty(source: Record<string, string | undefined>) {
  return Object.fromEntries(Object.entries(source).filter(([, v]) => v !== undefined && v !== ""));
}

export function parseEnv(source: Record<string, string | undefined>): Env {
  const result = envSchema.safeParse(withoutEmpty(source));
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

/** The public origin of the site, for links in e-mails, feeds and the sitemap. */
export function publicUrl(request?: Request): string {
  const configured = env().PUBLIC_URL;
  if (configured) return configured.replace(/\/$/, "");
  if (request) return new URL(request.url).origin;
  return `http://localhost:${env().PORT}`;
}

/** Public configuration the browser may see; never put a secret here. */
export function publicConfig() {
  const e = env();
  return { brandHomeUrl: e.BRAND_HOME_URL, contactPhone: e.CONTACT_PHONE, contactEmail: e.CONTACT_EMAIL };
}
