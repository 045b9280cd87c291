// The community's rules in one place (docs/moderation.md): what each privilege costs in reputation, how many
// flags hide an item, how many votes close a question, what new members may link to. Pure data and functions
// without the validation library: the privileges page, the forms and the feature functions all read these, so
// the number a member sees is the number the server checks.
import { AppError } from "#app/lib/errors.ts";
import type { Viewer } from "#app/lib/viewer.ts";
import { isModerator } from "#app/lib/permissions.ts";

/**
 * Spam or offensive flags from trusted members (or one moderator) that hide an item until it is reviewed, each
 * counted with its flagger's weight (flagWeight).
 */
export const FLAGS_TO_HIDE = 3;
const FLAGS_TO_HIDE_TEXT = `${FLAGS_TO_HIDE} sinalizações de confiança ocultam`;

/**
 * Reputation needed for each privilege, lowest first, near Stack Overflow's (ADR 047). Asking, answering,
 * writing posts and commenting are open from the first minute (a newcomer's honest first steps; rate limits and
 * the spam defences slow abuse); voting and flagging come with the first 15 points and a confirmed e-mail; the
 * powers over other people's content are earned from established members (POWERS). Moderators and
 * administrators hold every privilege.
 */
export const PRIVILEGES = {
  participate: {
    reputation: 1,
    label: "Comentar",
    description:
      "Comentar perguntas, respostas e posts. Perguntar, responder e escrever posts nunca dependem de reputação (só dos limites menores dos primeiros dias); quem ficou com reputação abaixo de 1 por votos negativos volta a comentar quando ela sobe.",
  },
  voteUp: {
    reputation: 15,
    label: "Votar positivamente",
    description: "Dizer que uma pergunta ou resposta é útil (com o e-mail confirmado).",
  },
  flag: {
    reputation: 15,
    label: "Sinalizar",
    description:
      "Avisar a moderação sobre spam, ofensas ou conteúdo que precisa de melhorias (com o e-mail confirmado).",
  },
  postLinksFreely: {
    reputation: 15,
    label: "Publicar links livremente",
    description: "Sem limite de links por publicação e sem ter o texto retido para revisão por links.",
  },
  trustedFlag: {
    reputation: 100,
    label: "Sinalizações de confiança",
    description: `Suas sinalizações de spam e ofensa contam para ocultar o conteúdo na hora (${FLAGS_TO_HIDE_TEXT}), pesadas pelo seu histórico de sinalizações.`,
  },
  voteDown: {
    reputation: 125,
    label: "Votar negativamente",
    description: "Dizer que uma pergunta ou resposta não é útil (custa 1 ponto em respostas).",
  },
  createTag: {
    reputation: 150,
    label: "Criar tags",
    description:
      "Criar uma tag que ainda não existe (as que já existem ficam abertas a todos). Num site novo, em que ninguém chegou a esta reputação, qualquer membro cria.",
  },
  review: {
    reputation: 2000,
    label: "Revisar",
    description:
      "Usar a fila de revisão: descartar sinalizações e aprovar ou rejeitar edições sugeridas (uma edição é publicada com duas aprovações, ou uma da moderação).",
  },
  editDirectly: {
    reputation: 2000,
    label: "Editar diretamente",
    description: "Editar perguntas e respostas de outras pessoas sem passar pela fila de revisão.",
  },
  closeVote: {
    reputation: 3000,
    label: "Votar para fechar e reabrir",
    description: "Votar para fechar perguntas fora do escopo, duplicadas ou sem detalhes, e para reabri-las.",
  },
} as const;

export type Privilege = keyof typeof PRIVILEGES;

/**
 * The privileges that act on other people's content or on what everyone is offered (hide it, edit it, judge edits,
 * close questions, add a tag to everyone's list): checked
 * against the trusted reputation, the part given by established members (ADR 047), never the whole.
 */
export const POWERS: readonly Privilege[] = [
  "trustedFlag",
  "createTag",
  "review",
  "closeVote",
  "editDirectly",
];
/** An established member's votes and acceptances count toward others' trusted reputation: an account this old… */
export const ESTABLISHED_ACCOUNT_DAYS = 3;
/** …with a confirmed e-mail and this much trusted reputation of its own (moderators always count). */
export const ESTABLISHED_REPUTATION = 15;

/** The reputation a privilege is checked against: the trusted part for the powers, the whole for the rest. */
export function reputationFor(viewer: Viewer, privilege: Privilege): number {
  if (!POWERS.includes(privilege)) return viewer.reputation;
  // A viewer built without it (never from the database) has only the floor.
  return Math.min(viewer.reputation, viewer.trustedReputation ?? 1);
}

/** Close (or reopen) votes that close (or reopen) a question; a moderator's vote is binding. */
export const VOTES_TO_CLOSE = 3;
/** Links a member below `postLinksFreely` may put in one question, answer, comment or post. */
export const NEW_MEMBER_LINKS_MAX = 2;
export const FLAG_NOTE_MAX = 500;
export const SUSPENSION_REASON_MAX = 500;
export const SUSPENSION_DAYS_MAX = 365;

export const FLAG_REASONS = {
  spam: "É spam",
  offensive: "É ofensivo ou abusivo",
  needs_improvement: "Precisa de melhorias",
  duplicate: "É duplicada",
  other: "Outro motivo",
} as const;
export type MemberFlagReason = keyof typeof FLAG_REASONS;

/** Review items the site opens by itself, as the queue names them. */
export const SITE_REVIEW_REASONS = {
  held: "Retido pelos filtros de spam",
  first_post: "Primeira publicação",
} as const;

export const CLOSE_REASONS = {
  duplicate: "Duplicada",
  off_topic: "Fora do escopo",
  needs_details: "Precisa de detalhes ou clareza",
  opinion_based: "Baseada em opiniões",
} as const;
export type CloseReason = keyof typeof CLOSE_REASONS;

/** Approvals that publish a suggested edit; a moderator's approval publishes it alone. */
export const APPROVALS_TO_PUBLISH_EDIT = 2;

/**
 * A trusted flagger's weight toward FLAGS_TO_HIDE, from their record of decided flags (Discourse weighs flags by
 * the flagger's accuracy the same way): a member whose flags were mostly declined no longer hides anything; one
 * with a long record of helpful flags counts double.
 */
export function flagWeight(record: { helpful: number; declined: number }): number {
  const { helpful, declined } = record;
  if (declined >= FLAG_RECORD_MIN && declined > helpful) return 0;
  if (helpful >= 10 && helpful >= 4 * declined) return 2;
  return 1;
}
/** Decided flags before a poor record takes a flagger's weight away. */
export const FLAG_RECORD_MIN = 3;

/** The refusal for voting or flagging before the e-mail is confirmed. */
export const CONFIRM_EMAIL_FIRST = {
  vote: "Confirme seu e-mail para votar. Não recebeu o link? Peça outro em Configurações.",
  flag: "Confirme seu e-mail para sinalizar. Não recebeu o link? Peça outro em Configurações.",
} as const;

/** Voting and flagging count only from confirmed addresses: a ring of throwaway addresses cannot act. */
export function requireConfirmedEmail(viewer: Viewer, action: keyof typeof CONFIRM_EMAIL_FIRST): Viewer {
  if (!viewer.emailVerified && !isModerator(viewer)) {
    throw new AppError("forbidden", CONFIRM_EMAIL_FIRST[action]);
  }
  return viewer;
}

/** How much reputation `viewer` still lacks for `privilege` (0 when they have it). */
export function missingReputation(viewer: Viewer, privilege: Privilege): number {
  if (isModerator(viewer)) return 0;
  return Math.max(0, PRIVILEGES[privilege].reputation - reputationFor(viewer, privilege));
}

export function hasPrivilege(viewer: Viewer | null, privilege: Privilege): boolean {
  return viewer !== null && missingReputation(viewer, privilege) === 0;
}

/** What the privileges page and the refusals add under a power: which reputation counts for it. */
export const TRUSTED_REPUTATION_NOTE = `Só conta a reputação recebida de membros com e-mail confirmado, conta com mais de ${ESTABLISHED_ACCOUNT_DAYS} dias e ${ESTABLISHED_REPUTATION} pontos.`;

/** The Portuguese refusal: what the privilege is, what it costs and how much is missing. */
export function privilegeMessage(privilege: Privilege, missing: number): string {
  const { label, reputation } = PRIVILEGES[privilege];
  const points = (n: number) => `${n.toLocaleString("pt-BR")} ${n === 1 ? "ponto" : "pontos"}`;
  const note = POWERS.includes(privilege) ? ` ${TRUSTED_REPUTATION_NOTE}` : "";
  return `${label} exige ${points(reputation)} de reputação. Faltam ${points(missing)}.${note}`;
}

/**
 * Why `viewer` may not flag yet, in the order the server judges it (the reputation, then the confirmed e-mail),
 * or null when they may: the flag dialog and page say it before the form rather than after it.
 */
export function flagRefusal(viewer: Viewer): string | null {
  const missing = missingReputation(viewer, "flag");
  if (missing > 0) return privilegeMessage("flag", missing);
  if (!viewer.emailVerified && !isModerator(viewer)) return CONFIRM_EMAIL_FIRST.flag;
  return null;
}

/** Throws the 403 whose message says how much reputation is missing; returns the member otherwise. */
export function requirePrivilege(viewer: Viewer, privilege: Privilege, field?: string): Viewer {
  const missing = missingReputation(viewer, privilege);
  if (missing > 0) {
    throw new AppError("forbidden", privilegeMessage(privilege, missing), field ? { field } : {});
  }
  return viewer;
}

// ------------------------------------------------------------------ GATES (privileges and spam defences)

/** How long each app server keeps the blocked words and domains before reading them again. */
export const BLOCKED_TERMS_CACHE_MS = 5_000;
/** The longest blocked word (or phrase) or e-mail domain an administrator may add. */
export const BLOCKED_TERM_MAX = 100;

/** Privileges in the order the privileges page lists them: by reputation, then as written above. */
export function privilegesByReputation(): {
  key: Privilege;
  reputation: number;
  label: string;
  description: string;
}[] {
  return (Object.keys(PRIVILEGES) as Privilege[])
    .map((key, index) => ({ key, index, ...PRIVILEGES[key] }))
    .sort((a, b) => a.reputation - b.reputation || a.index - b.index)
    .map(({ key, reputation, label, description }) => ({ key, reputation, label, description }));
}

/** Whether the viewer's edit of someone else's question or answer is applied at once or suggested for review. */
export function editMode(viewer: Viewer | null, authorId: number): "direct" | "suggest" | null {
  if (!viewer) return null;
  if (viewer.id === authorId || hasPrivilege(viewer, "editDirectly")) return "direct";
  return "suggest";
}

export const SUGGESTED_EDIT_MESSAGES = {
  sent: "Sua edição foi enviada para revisão.",
  replaced: "Sua edição foi enviada para revisão. Ela substitui a sugestão que você já tinha enviado.",
} as const;

// ------------------------------------------------------------------------ flags and the review queue (FLAGS)

/** Flags one member may raise in a day (moderators included: a flood of flags is a flood of queue items). */
export const FLAGS_PER_DAY = 20;
/** Review queue cards per page. */
export const REVIEW_PAGE_SIZE = 20;
/** Seconds each app server keeps the header's count of open review items before counting again. */
export const REVIEW_COUNT_TTL_SECONDS = 10;
/** The member flag reasons whose trusted flags hide an item before anyone reviews it. */
export const HIDING_FLAG_REASONS = ["spam", "offensive"] as const satisfies readonly MemberFlagReason[];
/** The review queue's filters, as its address names them (`/revisao?tipo=retidos`). */
export const REVIEW_FILTERS = {
  todos: "Todos",
  sinalizacoes: "Sinalizações",
  primeiras: "Primeiras publicações",
  retidos: "Retidos",
  edicoes: "Edições sugeridas",
} as const;
export type ReviewFilter = keyof typeof REVIEW_FILTERS;

// -------------------------------------------------------------------------- suspensions and blocks (SUSPEND)

/** Moderation log lines per page. */
export const MODERATION_LOG_PAGE_SIZE = 30;
