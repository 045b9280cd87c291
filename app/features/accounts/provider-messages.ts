// The Portuguese texts of sign-in with GitHub and Google, shared by the server and the pages.
export type ProviderKey = "github" | "google";

export const PROVIDER_NAMES: Record<ProviderKey, string> = { github: "GitHub", google: "Google" };

export const PROVIDER_MESSAGES = {
  unverified: (provider: ProviderKey) =>
    `O ${PROVIDER_NAMES[provider]} não confirmou o seu e-mail. Confirme o e-mail no ${PROVIDER_NAMES[provider]} e tente de novo, ou cadastre-se com e-mail e senha.`,
  linkedElsewhere: (provider: ProviderKey) =>
    `Esta conta do ${PROVIDER_NAMES[provider]} já está vinculada a outro membro da Suporte de Domingo.`,
  alreadyHasProvider: (provider: ProviderKey) =>
    `Sua conta já tem outra conta do ${PROVIDER_NAMES[provider]} vinculada. Desvincule-a antes de vincular esta.`,
  lastWayIn:
    "Este é o único jeito de entrar na sua conta. Defina uma senha (ou vincule outro provedor) antes de desvinculá-lo.",
  notLinked: (provider: ProviderKey) => `Nenhuma conta do ${PROVIDER_NAMES[provider]} está vinculada.`,
  pendingExpired:
    "Este pedido de vínculo expirou ou já foi usado. Entre de novo com o provedor para recomeçar.",
  wrongPassword: "Senha incorreta.",
  noPassword:
    "Esta conta ainda não tem senha. Entre nela do jeito de sempre e vincule o provedor em Configurações.",
  otherMember: "Você entrou com outra conta. Entre na conta que pediu o vínculo e tente de novo.",
} as const;
