// The accounts' forms (spec §Auth modal and §5), one Zod schema each, parsed in the browser by Conform and again
// on the server. The spec's messages are kept word for word; the others are ours.
import type { SubmissionResult } from "@conform-to/react";
import { z } from "zod";
import { EMAIL_INVALID, emailField } from "#app/lib/validation.ts";
import { isCommonPassword } from "./common-passwords.ts";
import type { ActionReply } from "#app/lib/action-reply.ts";

export const PASSWORD_MIN_LENGTH = 8;
export const PASSWORD_MAX_LENGTH = 128;
const NAME_MAX_LENGTH = 60;
const ROLE_LINE_MAX_LENGTH = 80;
export const BIO_MAX_LENGTH = 500;

export const ACCOUNT_MESSAGES = {
  // Spec §5, exactly.
  emailInvalid: EMAIL_INVALID,
  passwordMin: "A senha deve ter pelo menos 8 caracteres",
  newPasswordMin: "A nova senha deve ter pelo menos 8 caracteres",
  confirmPasswordMin: "A confirmação da senha deve ter pelo menos 8 caracteres",
  passwordsDiffer: "As senhas não correspondem",
  // Ours.
  passwordMax: "A senha deve ter no máximo 128 caracteres",
  newPasswordMax: "A nova senha deve ter no máximo 128 caracteres",
  passwordCommon:
    "Esta senha é muito comum e seria adivinhada logo. Escolha outra, mais difícil de adivinhar.",
  nameRequired: "Informe seu nome",
  nameMax: `O nome deve ter no máximo ${NAME_MAX_LENGTH} caracteres`,
  roleLineMax: `A apresentação curta deve ter no máximo ${ROLE_LINE_MAX_LENGTH} caracteres`,
  bioMax: `A bio deve ter no máximo ${BIO_MAX_LENGTH} caracteres`,
  currentPasswordRequired: "Informe sua senha atual",
  currentPasswordWrong: "A senha atual está incorreta.",
  emailTaken: "Já existe uma conta com este e-mail. Entre nela ou recupere a senha.",
  emailUnchanged: "Este já é o e-mail da sua conta.",
  wrongCredentials: "E-mail ou senha incorretos.",
  resetSent:
    "Se houver uma conta com este e-mail, enviamos um link para criar uma nova senha. Confira sua caixa de entrada.",
  resetTokenInvalid: "Este link de recuperação é inválido, já foi usado ou expirou. Peça um novo.",
  resetEmailMismatch: "Este e-mail não corresponde ao link de recuperação.",
  deletePasswordRequired: "Digite sua senha para confirmar",
  signInRequired: "Entre na sua conta para continuar.",
  forbidden: "Você não tem permissão para fazer isso.",
} as const;

const M = ACCOUNT_MESSAGES;

/** Sign-in password: spec §5's minimum, our maximum (scrypt input stays small). */
const passwordField = z
  .string({ error: M.passwordMin })
  .min(PASSWORD_MIN_LENGTH, { error: M.passwordMin })
  .max(PASSWORD_MAX_LENGTH, { error: M.passwordMax });

/** A password being chosen is also not one of the most common (sign-in still takes an old one). */
const notCommon = (password: string) =>
  password.length < PASSWORD_MIN_LENGTH ||
  password.length > PASSWORD_MAX_LENGTH ||
  !isCommonPassword(password);

const chosenPasswordField = passwordField.refine(notCommon, { error: M.passwordCommon });

const newPasswordField = z
  .string({ error: M.newPasswordMin })
  .min(PASSWORD_MIN_LENGTH, { error: M.newPasswordMin })
  .max(PASSWORD_MAX_LENGTH, { error: M.newPasswordMax })
  .refine(notCommon, { error: M.passwordCommon });

/**
 * A display name is one line: line breaks, tabs and other control characters become one space, so a name
 * cannot add lines to the e-mails that greet it.
 */
const oneLine = (value: string) => value.replace(/[\p{Cc}\p{Zl}\p{Zp}\s]+/gu, " ").trim();

const confirmPasswordField = z
  .string({ error: M.confirmPasswordMin })
  .min(PASSWORD_MIN_LENGTH, { error: M.confirmPasswordMin })
  .max(PASSWORD_MAX_LENGTH, { error: M.newPasswordMax });

export const signInSchema = z.object({
  email: emailField,
  password: passwordField,
});
export type SignInInput = z.infer<typeof signInSchema>;

export const signUpSchema = z.object({
  /** Spec §5: "socialName: string, no further rule". Left blank, the e-mail's name is used. */
  socialName: z
    .string()
    .transform(oneLine)
    .pipe(z.string().max(NAME_MAX_LENGTH, { error: M.nameMax }))
    .optional(),
  email: emailField,
  password: chosenPasswordField,
});
export type SignUpInput = z.infer<typeof signUpSchema>;

export const forgotSchema = z.object({ email: emailField });
/** The new password twice, the second equal to the first (spec §5); checked once both are long enough. */
function passwordsMatch(value: { newPassword: string; confirmPassword: string }) {
  const tooShort = [value.newPassword, value.confirmPassword].some((p) => p.length < PASSWORD_MIN_LENGTH);
  return tooShort || value.newPassword === value.confirmPassword;
}
const MISMATCH = { error: M.passwordsDiffer, path: ["confirmPassword"] };

export const recoverySchema = z
  .object({
    token: z.string({ error: M.resetTokenInvalid }).min(1, { error: M.resetTokenInvalid }),
    email: emailField,
    newPassword: newPasswordField,
    confirmPassword: confirmPasswordField,
  })
  .refine(passwordsMatch, MISMATCH);
export type RecoveryInput = z.infer<typeof recoverySchema>;

// ------------------------------------------------------------------------------------------------ settings

export const profileSchema = z.object({
  intent: z.literal("profile"),
  name: z
    .string({ error: M.nameRequired })
    .transform(oneLine)
    .pipe(
      z
        .string({ error: M.nameRequired })
        .min(1, { error: M.nameRequired })
        .max(NAME_MAX_LENGTH, { error: M.nameMax }),
    ),
  roleLine: z.string().trim().max(ROLE_LINE_MAX_LENGTH, { error: M.roleLineMax }).default(""),
  bio: z.string().trim().max(BIO_MAX_LENGTH, { error: M.bioMax }).default(""),
});
export type ProfileInput = z.infer<typeof profileSchema>;

export const emailChangeSchema = z.object({
  intent: z.literal("email"),
  newEmail: emailField,
  currentPassword: z.string({ error: M.currentPasswordRequired }),
});
export type EmailChangeInput = z.infer<typeof emailChangeSchema>;

export const passwordChangeSchema = z
  .object({
    intent: z.literal("password"),
    currentPassword: z.string({ error: M.currentPasswordRequired }),
    newPassword: newPasswordField,
    confirmPassword: confirmPasswordField,
  })
  .refine(passwordsMatch, MISMATCH);
export type PasswordChangeInput = z.infer<typeof passwordChangeSchema>;

export const deleteAccountSchema = z.object({
  intent: z.literal("delete"),
  password: z.string({ error: M.deletePasswordRequired }),
});

export const roleChangeSchema = z.object({
  intent: z.literal("role"),
  role: z.enum(["member", "moderator", "admin"], { error: "Escolha um papel da lista." }),
});

/** What the accounts' actions answer to a form: Conform's reply, and a message when there is one. */
/** A Conform form's answer: its `result` always, a confirmation as `message` (settings says which section). */
export type AccountActionData = ActionReply & { result: SubmissionResult<string[]> };
