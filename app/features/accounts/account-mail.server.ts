// The accounts' e-mails, as messages their writers queue in the outbox inside their own transaction
// (lib/mail-outbox.server.ts, ADR 048): a request never waits for the mail server, and a crash right after it
// loses nothing.
import type { MailMessage } from "#app/lib/mail.server.ts";

const SIGNATURE = ["", "Até breve,", "Equipe Suporte de Domingo"];

/** "Olá, {name}!" on one line, whatever an older row holds (names were not always kept to one line). */
const greeting = (name: string) => `Olá, ${name.replace(/[\p{Cc}\p{Zl}\p{Zp}\s]+/gu, " ").trim()}!`;

export function verificationMessage(to: string, name: string, link: string): MailMessage {
  return {
    to,
    subject: "Confirme seu e-mail na Suporte de Domingo",
    text: [
      greeting(name),
      "",
      "Que bom ter você na Suporte de Domingo. Para confirmar este endereço de e-mail, abra o link abaixo e",
      "aperte Confirmar (entre na sua conta, se ele pedir):",
      link,
      "",
      "O link vale por uma hora. Você já pode perguntar, responder e escrever no blog enquanto isso.",
      "Se não foi você quem criou a conta, é só ignorar esta mensagem.",
      ...SIGNATURE,
    ].join("\n"),
  };
}

export function passwordResetMessage(to: string, name: string, link: string): MailMessage {
  return {
    to,
    subject: "Recupere sua senha da Suporte de Domingo",
    text: [
      greeting(name),
      "",
      "Recebemos um pedido para criar uma nova senha para a sua conta. Para continuar, abra o link abaixo:",
      link,
      "",
      "O link vale por uma hora e só pode ser usado uma vez. Ao criar a nova senha, as sessões abertas em",
      "outros aparelhos são encerradas.",
      "Se não foi você quem pediu, ignore esta mensagem: sua senha continua a mesma.",
      ...SIGNATURE,
    ].join("\n"),
  };
}

export function emailChangeMessage(to: string, name: string, link: string): MailMessage {
  return {
    to,
    subject: "Confirme seu novo e-mail na Suporte de Domingo",
    text: [
      greeting(name),
      "",
      "Você pediu para usar este endereço na sua conta da Suporte de Domingo. Para confirmar, abra o link e",
      "aperte Confirmar (entre na sua conta, se ele pedir):",
      link,
      "",
      "O link vale por uma hora. Até lá, sua conta continua com o e-mail antigo.",
      "Se não foi você, ignore esta mensagem.",
      ...SIGNATURE,
    ].join("\n"),
  };
}

export function emailChangeNoticeMessage(to: string, name: string, newEmail: string): MailMessage {
  return {
    to,
    subject: "Pedido de troca de e-mail na Suporte de Domingo",
    text: [
      greeting(name),
      "",
      `Alguém com acesso à sua conta pediu para trocar o e-mail dela para ${newEmail}.`,
      "A troca só acontece quando o novo endereço for confirmado.",
      "Se não foi você, troque sua senha agora mesmo em Configurações.",
      ...SIGNATURE,
    ].join("\n"),
  };
}

export function twoFactorChangedMessage(to: string, name: string, state: "on" | "off"): MailMessage {
  return {
    to,
    subject:
      state === "on"
        ? "A verificação em duas etapas foi ativada na sua conta"
        : "A verificação em duas etapas foi desativada na sua conta",
    text: [
      greeting(name),
      "",
      state === "on"
        ? "A partir de agora, o Login pede também um código do seu aplicativo autenticador. Guarde os códigos de recuperação num lugar seguro."
        : "O Login volta a pedir só a senha. Você pode ativar a verificação em duas etapas de novo em Configurações › Segurança.",
      'Se não foi você, troque sua senha (use "Esqueceu a senha?" na tela de Login) e fale com a moderação.',
      ...SIGNATURE,
    ].join("\n"),
  };
}

export function passwordChangedMessage(to: string, name: string): MailMessage {
  return {
    to,
    subject: "Sua senha da Suporte de Domingo foi alterada",
    text: [
      greeting(name),
      "",
      "A senha da sua conta acabou de ser alterada, e as sessões em outros aparelhos foram encerradas.",
      'Se não foi você, use "Esqueceu a senha?" na tela de Login para criar uma nova.',
      ...SIGNATURE,
    ].join("\n"),
  };
}
