import { parseWithZod } from "@conform-to/zod/v4";
import { describe, expect, test } from "vitest";
import {
  passwordChangeSchema,
  profileSchema,
  recoverySchema,
  signInSchema,
  signUpSchema,
} from "./schemas.ts";

const form = (values: Record<string, string>) => {
  const data = new FormData();
  for (const [k, v] of Object.entries(values)) data.set(k, v);
  return data;
};
const errorsOf = (submission: { status?: string } & object) =>
  ("error" in submission ? submission.error : null) ?? {};

describe("the auth forms' messages (spec §5)", () => {
  test("sign-in: e-mail and password", () => {
    const result = parseWithZod(form({ email: "x", password: "1234567" }), { schema: signInSchema });
    expect(errorsOf(result)).toEqual({
      email: ["Email inválido"],
      password: ["A senha deve ter pelo menos 8 caracteres"],
    });
    const empty = parseWithZod(form({}), { schema: signInSchema });
    expect(errorsOf(empty)).toEqual({
      email: ["Email inválido"],
      password: ["A senha deve ter pelo menos 8 caracteres"],
    });
  });

  test("sign-up: the social name has its own field, the e-mail is normalised, 128 characters at most", () => {
    const ok = parseWithZod(
      form({ socialName: " Ana ", email: " Ana@Exemplo.COM ", password: "cafe-com-pao" }),
      {
        schema: signUpSchema,
      },
    );
    expect(ok.status).toBe("success");
    expect(ok.status === "success" && ok.value).toEqual({
      socialName: "Ana",
      email: "ana@exemplo.com",
      password: "cafe-com-pao",
    });
    const long = parseWithZod(form({ email: "a@b.co", password: "x".repeat(129) }), { schema: signUpSchema });
    expect(errorsOf(long)).toEqual({ password: ["A senha deve ter no máximo 128 caracteres"] });
  });

  test("recovery: new password, confirmation and their match", () => {
    const short = parseWithZod(
      form({ token: "t", email: "a@b.co", newPassword: "1", confirmPassword: "2" }),
      {
        schema: recoverySchema,
      },
    );
    expect(errorsOf(short)).toEqual({
      newPassword: ["A nova senha deve ter pelo menos 8 caracteres"],
      confirmPassword: ["A confirmação da senha deve ter pelo menos 8 caracteres"],
    });
    const differ = parseWithZod(
      form({ token: "t", email: "a@b.co", newPassword: "cafe-com-pao", confirmPassword: "pao-com-cafe" }),
      { schema: recoverySchema },
    );
    expect(errorsOf(differ)).toEqual({ confirmPassword: ["As senhas não correspondem"] });
  });

  test("password change asks for the current password", () => {
    const result = parseWithZod(
      form({ intent: "password", newPassword: "cafe-com-pao", confirmPassword: "cafe-com-pao" }),
      { schema: passwordChangeSchema },
    );
    expect(errorsOf(result)).toEqual({ currentPassword: ["Informe sua senha atual"] });
  });

  test("a password being chosen is not one of the most common; signing in still takes one", () => {
    const common =
      "Esta senha é muito comum e seria adivinhada logo. Escolha outra, mais difícil de adivinhar.";
    const signUp = parseWithZod(form({ email: "a@b.co", password: "12345678" }), { schema: signUpSchema });
    expect(errorsOf(signUp)).toEqual({ password: [common] });
    const recovery = parseWithZod(
      form({ token: "t", email: "a@b.co", newPassword: "senha123", confirmPassword: "senha123" }),
      { schema: recoverySchema },
    );
    expect(errorsOf(recovery)).toEqual({ newPassword: [common] });
    const change = parseWithZod(
      form({
        intent: "password",
        currentPassword: "x",
        newPassword: "password",
        confirmPassword: "password",
      }),
      { schema: passwordChangeSchema },
    );
    expect(errorsOf(change)).toEqual({ newPassword: [common] });
    const signIn = parseWithZod(form({ email: "a@b.co", password: "12345678" }), { schema: signInSchema });
    expect(signIn.status).toBe("success");
  });

  test("a display name is one line: breaks and control characters become one space", () => {
    const signUp = parseWithZod(
      form({ socialName: "Ana\r\nBcc: x@y.co\u0007", email: "a@b.co", password: "cafe-com-pao" }),
      { schema: signUpSchema },
    );
    expect(signUp.status === "success" && signUp.value.socialName).toBe("Ana Bcc: x@y.co");
    const profile = parseWithZod(form({ intent: "profile", name: "Bia\n\tSilva\u2028" }), {
      schema: profileSchema,
    });
    expect(profile.status === "success" && profile.value.name).toBe("Bia Silva");
    const blank = parseWithZod(form({ intent: "profile", name: "\n\r" }), { schema: profileSchema });
    expect(errorsOf(blank)).toEqual({ name: ["Informe seu nome"] });
  });
});
