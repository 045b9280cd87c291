// Secrets and personal data that must never be published: cloud and service keys, tokens, private keys,
// passwords inside connection strings and `*_SECRET=` lines, and Brazilian personal data (CPF, CNPJ with valid
// check digits, labelled Pix keys). The editor warns as one types or pastes and offers to mask; every writer on
// the server masks again (sanitize.server.ts, comments, titles), so what is stored, revised, e-mailed and
// indexed never holds one. Pure code, shared by the browser and the server.

export type SecretKind =
  | "aws"
  | "github"
  | "gitlab"
  | "npm"
  | "slack"
  | "stripe"
  | "google"
  | "jwt"
  | "private-key"
  | "connection-password"
  | "env-secret"
  | "cpf"
  | "cnpj"
  | "pix";

/** What each kind is called in the editor's warning. */
export const SECRET_LABELS: Record<SecretKind, string> = {
  aws: "uma chave de acesso da AWS",
  github: "um token do GitHub",
  gitlab: "um token do GitLab",
  npm: "um token do npm",
  slack: "um token do Slack",
  stripe: "uma chave secreta do Stripe",
  google: "uma chave de API do Google",
  jwt: "um JWT (token de sessão)",
  "private-key": "uma chave privada",
  "connection-password": "uma senha dentro de uma URL de conexão",
  "env-secret": "um segredo de variável de ambiente",
  cpf: "um CPF",
  cnpj: "um CNPJ",
  pix: "uma chave Pix",
};

/** What a masked value keeps of the original: its first characters, then this. */
const MASK = "…MASCARADO";

type Rule = {
  kind: SecretKind;
  pattern: RegExp;
  /** The part of the match to mask (a capture group's index), the whole match when absent. */
  group?: number;
  /** How many characters of the secret stay visible (a key's well-known prefix). */
  keep: number;
  /** A further check of a candidate (check digits). */
  valid?: (value: string) => boolean;
};

function digits(value: string): number[] {
  return [...value.replace(/\D/g, "")].map(Number);
}

function checkDigit(numbers: number[], weights: number[]): number {
  const sum = weights.reduce((total, weight, index) => total + weight * (numbers[index] ?? 0), 0);
  const rest = sum % 11;
  return rest < 2 ? 0 : 11 - rest;
}

/** A CPF whose two check digits are right (and not all one digit): a real-looking one, not a version number. */
function validCpf(value: string): boolean {
  const d = digits(value);
  if (d.length !== 11 || new Set(d).size === 1) return false;
  const first = checkDigit(d, [10, 9, 8, 7, 6, 5, 4, 3, 2]);
  const second = checkDigit(d, [11, 10, 9, 8, 7, 6, 5, 4, 3, 2]);
  return d[9] === first && d[10] === second;
}

function validCnpj(value: string): boolean {
  const d = digits(value);
  if (d.length !== 14 || new Set(d).size === 1) return false;
  const first = checkDigit(d, [5, 4, 3, 2, 9, 8, 7, 6, 5, 4, 3, 2]);
  const second = checkDigit(d, [6, 5, 4, 3, 2, 9, 8, 7, 6, 5, 4, 3, 2]);
  return d[12] === first && d[13] === second;
}

// Boundaries are letters, digits and the characters keys are made of, so a key inside a longer word is left be.
const RULES: Rule[] = [
  { kind: "aws", pattern: /(?<![A-Z0-9])(?:AKIA|ASIA)[A-Z0-9]{16}(?![A-Z0-9])/g, keep: 4 },
  {
    kind: "github",
    pattern: /(?<![\w])(?:gh[pousr]_[A-Za-z0-9]{36,255}|github_pat_[A-Za-z0-9_]{60,255})/g,
    keep: 4,
  },
  { kind: "gitlab", pattern: /(?<![\w])glpat-[A-Za-z0-9_-]{20,}/g, keep: 6 },
  { kind: "npm", pattern: /(?<![\w])npm_[A-Za-z0-9]{36}(?![\w])/g, keep: 4 },
  { kind: "slack", pattern: /(?<![\w])xox[abposr]-[A-Za-z0-9-]{10,}/g, keep: 5 },
  { kind: "stripe", pattern: /(?<![\w])(?:sk|rk)_live_[A-Za-z0-9]{16,}/g, keep: 8 },
  { kind: "google", pattern: /(?<![\w-])AIza[0-9A-Za-z_-]{35}(?![\w-])/g, keep: 4 },
  {
    kind: "jwt",
    pattern: /(?<![\w-])eyJ[A-Za-z0-9_-]{8,}\.eyJ[A-Za-z0-9_-]{8,}\.[A-Za-z0-9_-]{8,}/g,
    keep: 3,
  },
  {
    kind: "private-key",
    pattern:
      /-----BEGIN ((?:RSA |EC |DSA |OPENSSH |ENCRYPTED |PGP )?PRIVATE KEY(?: BLOCK)?)-----[\s\S]*?-----END \1-----/g,
    keep: 0,
  },
  {
    // scheme://user:password@host: the password alone.
    kind: "connection-password",
    pattern: /\b[a-z][a-z0-9+.-]*:\/\/[^\s:/@'"<>]+:([^\s@/'"<>]{3,})@[^\s'"<>]/gi,
    group: 1,
    keep: 0,
  },
  {
    // NAME_SECRET=…, NAME_TOKEN: …, PASSWORD="…", api_key=… (a line of a .env, YAML or a shell export).
    kind: "env-secret",
    pattern:
      /\b[A-Za-z0-9_]*(?:SECRET|TOKEN|PASSWORD|PASSWD|API_?KEY|PRIVATE_KEY|ACCESS_KEY)[A-Za-z0-9_]*\s*[=:]\s*["']?([^\s"'<>&();,{}[\]]{8,})/gi,
    group: 1,
    keep: 0,
  },
  { kind: "cpf", pattern: /(?<![\d.])\d{3}\.\d{3}\.\d{3}-\d{2}(?![\d-])/g, keep: 4, valid: validCpf },
  {
    kind: "cnpj",
    pattern: /(?<![\d.])\d{2}\.\d{3}\.\d{3}\/\d{4}-\d{2}(?![\d-])/g,
    keep: 3,
    valid: validCnpj,
  },
  {
    kind: "pix",
    pattern: /\bchave\s+pix\b\s*(?:é|:|=|-)?\s*([^\s<>,;]{6,})/gi,
    group: 1,
    keep: 0,
  },
];

/** A value a rule would mask that is already masked, or a placeholder anyone writes in an example. */
function alreadySafe(value: string, kind: SecretKind): boolean {
  // `token = this.accessToken`, `password: string`: code names a value, it does not hold one. A secret in a
  // .env line is random: a digit in it, or long with no dots.
  if (kind === "env-secret" && !/\d/.test(value)) {
    if (value.length < 16 || value.includes(".") || /^[A-Za-z_]+$/.test(value)) return true;
  }
  // A constant's name (`S3_SECRET_ACCESS_KEY`) or a template being built is not a value either.
  if (/^[A-Z][A-Z0-9]*(?:_[A-Z0-9]+)+$/.test(value) || value.includes("${") || value.startsWith("`"))
    return true;
  return (
    value.includes(MASK) ||
    /^(?:\*+|x+|\.{3}|…|<[^>]*>|\$\{?[A-Za-z_]+\}?|%[A-Za-z_]+%|your[_-]|seu[_-]|sua[_-]|changeme|example|exemplo|senha|password|secret|token)/i.test(
      value,
    ) ||
    /^process\.env\b|^os\.environ|^env\(/.test(value)
  );
}

export type FoundSecret = { kind: SecretKind; index: number; length: number };

/** Every secret in `text`, in order. */
export function findSecrets(text: string): FoundSecret[] {
  const found: FoundSecret[] = [];
  for (const rule of RULES) {
    for (const match of text.matchAll(rule.pattern)) {
      const value = rule.group === undefined ? match[0] : (match[rule.group] ?? "");
      if (!value || alreadySafe(value, rule.kind) || (rule.valid && !rule.valid(value))) continue;
      const offset = rule.group === undefined ? 0 : match[0].lastIndexOf(value);
      found.push({ kind: rule.kind, index: (match.index ?? 0) + offset, length: value.length });
    }
  }
  // One finding per stretch of text: where two rules overlap, the one that starts first, and at the same place
  // the more specific (the order of RULES: a key's own format before a `*_KEY=` line).
  const order = (kind: SecretKind) => RULES.findIndex((rule) => rule.kind === kind);
  found.sort((a, b) => a.index - b.index || order(a.kind) - order(b.kind));
  const kept: FoundSecret[] = [];
  for (const secret of found) {
    const last = kept.at(-1);
    if (!last || secret.index >= last.index + last.length) kept.push(secret);
  }
  return kept;
}

/** `text` with every secret replaced by its first characters and MASK (`AKIA…MASCARADO`). */
export function maskSecrets(text: string): string {
  const found = findSecrets(text);
  if (found.length === 0) return text;
  let masked = "";
  let at = 0;
  for (const secret of found) {
    const rule = RULES.find((r) => r.kind === secret.kind)!;
    const value = text.slice(secret.index, secret.index + secret.length);
    masked += text.slice(at, secret.index) + value.slice(0, rule.keep) + MASK;
    at = secret.index + secret.length;
  }
  return masked + text.slice(at);
}
