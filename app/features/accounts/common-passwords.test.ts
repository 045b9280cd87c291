// The common-password rule: the obvious picks are refused, long or personal passwords pass.
import { describe, expect, test } from "vitest";
import { isCommonPassword } from "./common-passwords.ts";

describe("isCommonPassword", () => {
  test.each([
    "12345678",
    "123456789",
    "87654321",
    "password",
    "Password1",
    "p@ssw0rd",
    "senha123",
    "Senha@123",
    "SENHA1234",
    "minhasenha",
    "flamengo2024",
    "Corinthians10!",
    "qwertyuiop",
    "1q2w3e4r5t",
    "aaaaaaaa",
    "abcabcabc",
    "11223344",
    "123senha",
    "adminadmin1",
    "jesus1234",
    "Maria1985",
  ])("refuses %s", (password) => {
    expect(isCommonPassword(password)).toBe(true);
  });

  test.each([
    "minha-nova-senha",
    "uma-senha-longa-abc",
    "senha-forte-res-1a2b3c@exemplo.com.br",
    "outra-senha-bem-longa",
    "cavalo correto bateria grampo",
    "7fK#q9!zLm",
    "domingo-de-sol-2024",
    "31415926535",
  ])("accepts %s", (password) => {
    expect(isCommonPassword(password)).toBe(false);
  });
});
