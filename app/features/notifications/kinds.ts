// What a member can be told about, with the label used in settings.
export const NOTIFICATION_KINDS = {
  answer: "Respostas às suas perguntas",
  comment: "Comentários nos seus posts e perguntas",
  accepted: "Sua resposta foi aceita",
  follower: "Novos seguidores",
  like: "Curtidas nos seus posts",
  tag_question: "Novas perguntas nas tags que você segue",
  thread: "Novidades nas perguntas e posts que você acompanha",
  mention: "Menções a você (@seu-nome)",
  badge: "Medalhas que você ganhou",
  moderation: "Decisões da moderação sobre suas publicações e sinalizações",
} as const;

export type NotificationKind = keyof typeof NOTIFICATION_KINDS;

export const NOTIFICATION_KIND_LIST = Object.keys(NOTIFICATION_KINDS) as NotificationKind[];
