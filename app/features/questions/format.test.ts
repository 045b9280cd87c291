import { expect, test } from "vitest";
import { answerCountLabel, parseQuestionId } from "./format.ts";

test("'N Resposta' takes an 's' unless N is exactly 1", () => {
  expect(answerCountLabel(0)).toBe("0 Respostas");
  expect(answerCountLabel(1)).toBe("1 Resposta");
  expect(answerCountLabel(2)).toBe("2 Respostas");
});

test("question ids from the address", () => {
  expect(parseQuestionId("12")).toBe(12);
  for (const bad of [undefined, "", "0", "-1", "1.5", "abc", "1e3", "12a", "9999999999"]) {
    expect(parseQuestionId(bad)).toBeNull();
  }
});
