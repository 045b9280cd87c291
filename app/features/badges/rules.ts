// Every badge of the site, with what earns it: bronze for a first step, silver and gold for what the community
// valued. Awarded as members act (badges.server.ts checks a member's badges after their writes and whenever
// their reputation moves), never twice, and shown on profiles, beside names and at /medalhas.

export type BadgeTier = "bronze" | "prata" | "ouro";

export type Badge = {
  key: string;
  name: string;
  tier: BadgeTier;
  /** How to earn it, as the badges page says. */
  description: string;
};

/** An answer's score that makes it good, and great. */
export const GOOD_ANSWER_SCORE = 5;
export const GREAT_ANSWER_SCORE = 25;
/** A question's score that makes it good. */
export const GOOD_QUESTION_SCORE = 5;
/** Days in a row on the site. */
export const REGULAR_DAYS = 30;
export const DEVOTED_DAYS = 100;
/** The score of a member's answers in one tag that earns its bronze, silver and gold badges. */
export const TAG_BADGE_SCORES = { bronze: 15, prata: 50, ouro: 150 } as const satisfies Record<
  BadgeTier,
  number
>;

export const BADGES = [
  {
    key: "primeira-pergunta",
    name: "Primeira pergunta",
    tier: "bronze",
    description: "Fez a primeira pergunta.",
  },
  {
    key: "primeira-resposta",
    name: "Primeira resposta",
    tier: "bronze",
    description: "Respondeu pela primeira vez.",
  },
  {
    key: "resposta-aceita",
    name: "Resposta aceita",
    tier: "bronze",
    description: "Teve uma resposta aceita por quem perguntou.",
  },
  {
    key: "aceitou-resposta",
    name: "Problema resolvido",
    tier: "bronze",
    description: "Aceitou uma resposta a uma pergunta sua.",
  },
  {
    key: "primeira-edicao",
    name: "Revisão",
    tier: "bronze",
    description: "Editou uma pergunta ou resposta pela primeira vez.",
  },
  {
    key: "sinalizacao-util",
    name: "Sentinela",
    tier: "bronze",
    description: "Fez uma sinalização que a moderação considerou útil.",
  },
  {
    key: "boa-pergunta",
    name: "Boa pergunta",
    tier: "prata",
    description: `Fez uma pergunta com pontuação ${GOOD_QUESTION_SCORE} ou mais.`,
  },
  {
    key: "boa-resposta",
    name: "Boa resposta",
    tier: "prata",
    description: `Escreveu uma resposta com pontuação ${GOOD_ANSWER_SCORE} ou mais.`,
  },
  {
    key: "presenca-constante",
    name: "Presença constante",
    tier: "prata",
    description: `Visitou o site ${REGULAR_DAYS} dias seguidos.`,
  },
  {
    key: "otima-resposta",
    name: "Ótima resposta",
    tier: "ouro",
    description: `Escreveu uma resposta com pontuação ${GREAT_ANSWER_SCORE} ou mais.`,
  },
  {
    key: "parte-da-casa",
    name: "Parte da casa",
    tier: "ouro",
    description: `Visitou o site ${DEVOTED_DAYS} dias seguidos.`,
  },
] as const satisfies readonly Badge[];

/** The badges of a tag, one per tier: "Bronze em javascript" and so on. */
export const TAG_BADGE_KEYS = { bronze: "tag-bronze", prata: "tag-prata", ouro: "tag-ouro" } as const;

export const TIER_LABELS: Record<BadgeTier, string> = { bronze: "Bronze", prata: "Prata", ouro: "Ouro" };

export function tagBadgeDescription(tier: BadgeTier): string {
  return `Respostas que somam pontuação ${TAG_BADGE_SCORES[tier]} ou mais numa mesma tag.`;
}

/** A badge's name and tier from its stored key (and tag name, for tag badges); null for a key no longer defined. */
export function badgeOf(key: string, tagName?: string | null): { name: string; tier: BadgeTier } | null {
  const tier = (Object.keys(TAG_BADGE_KEYS) as BadgeTier[]).find((t) => TAG_BADGE_KEYS[t] === key);
  if (tier) return { name: `${TIER_LABELS[tier]} em ${tagName ?? "uma tag"}`, tier };
  const badge = BADGES.find((b) => b.key === key);
  return badge ? { name: badge.name, tier: badge.tier } : null;
}
