import { parseWithZod } from "@conform-to/zod/v4";
import { describe, expect, test } from "vitest";
import { passwordChangeSchema, recoverySchema, signInSchema, signUpSchema } from "./schemas.ts";

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
    const ok = parseWithZod(form({ socialName: " Ana ", email: " Ana@Exemplo.COM ", password: "12345678" }), {
      schema: signUpSchema,
    });
    expect(ok.status).toBe("success");
    expect(ok.status === "success" && ok.value).toEqual({
      socialName: "Ana",
      email: "ana@exemplo.com",
      password: "12345678",
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
      form({ token: "t", email: "a@b.co", newPassword: "12345678", confirmPassword: "87654321" }),
      { schema: recoverySchema },
    );
    expect(errorsOf(differ)).toEqual({ confirmPassword: ["As senhas não correspondem"] });
  });

  test("password change asks for the current password", () => {
    const result = parseWithZod(
      form({ intent: "password", newPassword: "12345678", confirmPassword: "12345678" }),
      { schema: passwordChangeSchema },
    );
    expect(errorsOf(result)).toEqual({ currentPassword: ["Informe sua senha atual"] });
  });
});
