import { expect, test } from "vitest";
import { countLabel, plural } from "./plural.ts";

test("plural: one for exactly 1, many for everything else", () => {
  expect(plural(1, "resposta", "respostas")).toBe("resposta");
  expect(plural(0, "resposta", "respostas")).toBe("respostas");
  expect(plural(2, "resposta", "respostas")).toBe("respostas");
  expect(plural(1500, "voto", "votos")).toBe("votos");
  expect(plural(-1, "voto", "votos")).toBe("votos");
  expect(plural(1.5, "hora", "horas")).toBe("horas");
});

test("countLabel: the count in Brazilian format and its word (was plural in features/questions/format.ts)", () => {
  expect(countLabel(1, "voto", "votos")).toBe("1 voto");
  expect(countLabel(0, "voto", "votos")).toBe("0 votos");
  expect(countLabel(1500, "voto", "votos")).toBe("1.500 votos");
});
