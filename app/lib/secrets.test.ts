// What counts as a secret, how it is masked, and how rarely ordinary writing trips it: the demo content and the
// error fixtures (real stack traces) hold none.
import { readdirSync, readFileSync } from "node:fs";
import path from "node:path";
import { describe, expect, test } from "vitest";
import { findSecrets, maskSecrets } from "./secrets.ts";

// Made-up values in each format (none is a live credential): built from pieces so no scanner flags this file.
const AWS = ["AKIA", "Q3EGRTJ7WXZ5K2MP"].join("");
const GITHUB = ["ghp", "_", "a1B2c3D4e5F6g7H8i9J0k1L2m3N4o5P6q7R8"].join("");
const JWT = ["eyJhbGciOiJIUzI1NiJ9", "eyJzdWIiOiIxMjM0NTY3ODkwIn0", "dBjftJeZ4CVPmB92K27uhbUJU1p1r"].join(
  ".",
);

describe("secrets are found and masked", () => {
  test.each([
    ["aws", `aws_access_key_id = ${AWS}`, "aws_access_key_id = AKIA…MASCARADO"],
    [
      "github",
      `git clone https://${GITHUB}@github.com/a/b`,
      "git clone https://ghp_…MASCARADO@github.com/a/b",
    ],
    ["jwt", `Authorization: Bearer ${JWT}`, "Authorization: Bearer eyJ…MASCARADO"],
    [
      "connection-password",
      "DATABASE_URL=postgres://app:Sup3rSenha@db.exemplo.com:5432/app",
      "DATABASE_URL=postgres://app:…MASCARADO@db.exemplo.com:5432/app",
    ],
    ["env-secret", "STRIPE_SECRET=whsec_9a8b7c6d5e4f", "STRIPE_SECRET=…MASCARADO"],
    ["cpf", "Meu CPF é 529.982.247-25, pode conferir", "Meu CPF é 529.…MASCARADO, pode conferir"],
    ["cnpj", "CNPJ 11.222.333/0001-81 da empresa", "CNPJ 11.…MASCARADO da empresa"],
    ["pix", "minha chave pix: ana@exemplo.com.br", "minha chave pix: …MASCARADO"],
    [
      "private-key",
      "-----BEGIN RSA PRIVATE KEY-----\nMIIEowIBAAKCAQEA7\n-----END RSA PRIVATE KEY-----",
      "…MASCARADO",
    ],
  ])("%s", (kind, text, masked) => {
    expect(findSecrets(text).map((found) => found.kind)).toEqual([kind]);
    expect(maskSecrets(text)).toBe(masked);
    // Masking twice changes nothing.
    expect(maskSecrets(masked)).toBe(masked);
  });

  test.each([
    ["a CPF with wrong check digits (a version, a phone)", "versão 123.456.789-00"],
    ["code that names a token", "const token: AuthenticatedToken = await authenticate(request);"],
    ["a placeholder", "AWS_SECRET_ACCESS_KEY=<sua-chave-aqui>\nAPI_KEY=${API_KEY}\nPASSWORD=changeme123"],
    ["a constant's name", "secretAccessKey: S3_SECRET_ACCESS_KEY,"],
    ["a URL without a password", "https://user@github.com/a/b e postgres://localhost:5432/app"],
  ])("not a secret: %s", (_why, text) => {
    expect(findSecrets(text)).toEqual([]);
  });

  test("the demo content and the error fixtures raise no false alarm", () => {
    const folders = ["db/seed/content", "app/features/errors/fixtures"];
    const files = folders.flatMap((folder) =>
      readdirSync(folder).map((name) => readFileSync(path.join(folder, name), "utf8")),
    );
    expect(files.join("").length).toBeGreaterThan(50_000);
    expect(files.flatMap((text) => findSecrets(text))).toEqual([]);
  });
});
