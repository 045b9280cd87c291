import { randomBytes } from "node:crypto";
import { gunzipSync } from "node:zlib";
import { describe, expect, it } from "vitest";
import { deflatePart, gzipWithNonce } from "./gzip-with-nonce.ts";

const gzipped = (parts: string[], nonce: string) => {
  const plain = parts.map((part) => Buffer.from(part));
  return Buffer.concat(gzipWithNonce(plain, plain.map(deflatePart), Buffer.from(nonce)));
};

describe("gzipWithNonce", () => {
  it("decompresses to the parts joined by the nonce, wherever it falls", () => {
    const page = `<html><script nonce="N"></script>${"conteúdo ç 🚀 ".repeat(5000)}<style nonce="N"></style></html>`;
    for (const nonce of ["abc123==", randomBytes(16).toString("base64")]) {
      const parts = page.split("N");
      expect(gunzipSync(gzipped(parts, nonce)).toString()).toBe(parts.join(nonce));
    }
  });

  it("handles a page without a nonce, empty parts and a nonce at either end", () => {
    expect(gunzipSync(gzipped(["só texto"], "x")).toString()).toBe("só texto");
    expect(gunzipSync(gzipped(["", "meio", ""], "NONCE")).toString()).toBe("NONCEmeioNONCE");
    expect(gunzipSync(gzipped([""], "x")).toString()).toBe("");
  });

  it("is smaller than the page it carries", () => {
    const parts = ["<p>".repeat(20_000), "</p>".repeat(20_000)];
    expect(gzipped(parts, "n0nce").length).toBeLessThan(parts.join("n0nce").length / 10);
  });
});
