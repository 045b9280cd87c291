import { describe, expect, it } from "vitest";
import { slugify } from "./slug.ts";

describe("slugify", () => {
  it("lowercases and removes Portuguese accents", () => {
    expect(slugify("Programação")).toBe("programacao");
    expect(slugify("Conteúdo DIgital")).toBe("conteudo-digital");
    expect(slugify("Ciência de Dados")).toBe("ciencia-de-dados");
    expect(slugify("Experiência à vista: ÁÉÍÓÚ âêô ãõ ç")).toBe("experiencia-a-vista-aeiou-aeo-ao-c");
  });

  it("turns every run of other characters into a single dash, none at the ends", () => {
    expect(slugify("node.js")).toBe("node-js");
    expect(slugify("  Olá,   mundo!!  ")).toBe("ola-mundo");
    expect(slugify("React 19 + TypeScript: o guia")).toBe("react-19-typescript-o-guia");
    expect(slugify("--já--")).toBe("ja");
  });

  it("handles letters that do not decompose", () => {
    expect(slugify("Straße Æsir Øresund")).toBe("strasse-aesir-oresund");
  });

  it("returns an empty string when nothing is left", () => {
    expect(slugify("")).toBe("");
    expect(slugify("!!! ???")).toBe("");
    expect(slugify("日本語")).toBe("");
  });

  it("cuts at a word boundary when a maximum length is given", () => {
    expect(slugify("Como usar o useEffect sem dor de cabeça", { maxLength: 20 })).toBe("como-usar-o");
    expect(slugify("curto", { maxLength: 20 })).toBe("curto");
    expect(slugify("palavraenormesemespacos", { maxLength: 8 })).toBe("palavrae");
    expect(slugify("abc defgh", { maxLength: 8 })).toBe("abc");
  });
});
