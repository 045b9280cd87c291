// What the two-factor pages and the server share (ADR 049): the messages a member reads and the number of recovery
// codes. No server code here, so the pages' components can import it.
export const TWO_FACTOR_MESSAGES = {
  codeWrong:
    "Código inválido. Confira o aplicativo autenticador (ou o código de recuperação) e tente de novo.",
  setupCodeWrong:
    "Código inválido. Confira se o aplicativo mostra a conta da Suporte de Domingo e tente de novo.",
  tooManyAttempts: "Tentativas demais com esta verificação. Entre de novo com sua senha.",
  expired: "Esta verificação expirou. Entre de novo com sua senha.",
  alreadyOn: "A verificação em duas etapas já está ativa.",
  notOn: "A verificação em duas etapas não está ativa.",
  noSetup: 'Comece pelo botão "Ativar" para ver o código QR.',
} as const;

export const RECOVERY_CODE_COUNT = 10;
