// The moderation log's words, for the page and its filter (no server code: the page's component reads them).
import type { ModerationAction } from "./moderation-log.server.ts";

/** Every action the log holds, as moderators read it (the filter's options, in this order). */
export const MODERATION_ACTION_LABELS: Record<ModerationAction, string> = {
  delete: "Excluiu",
  edit: "Editou",
  restore: "Restaurou",
  close: "Fechou",
  reopen: "Reabriu",
  lock: "Bloqueou para edição",
  unlock: "Desbloqueou para edição",
  suspend: "Suspendeu",
  unsuspend: "Encerrou a suspensão",
  role: "Mudou o papel",
  flag_helpful: "Aceitou sinalização",
  flag_declined: "Recusou sinalização",
  hide: "Ocultou",
  hold: "Reteve para revisão",
  approve: "Aprovou",
  approve_edit: "Aprovou edição sugerida",
  reject_edit: "Rejeitou edição sugerida",
  blocked_term_added: "Adicionou termo bloqueado",
  blocked_term_removed: "Removeu termo bloqueado",
  feature: "Mudou os destaques da página inicial",
  pick: "Mudou as Escolhas da Comunidade fixadas",
  recommend_tag: "Mudou os tópicos recomendados",
  site_notice: "Mudou o aviso do site",
};

export function isModerationAction(value: string): value is ModerationAction {
  return Object.hasOwn(MODERATION_ACTION_LABELS, value);
}

export const TARGET_KIND_LABELS: Record<string, string> = {
  question: "pergunta",
  answer: "resposta",
  comment: "comentário",
  post: "post",
  user: "membro",
  tag: "tag",
};
