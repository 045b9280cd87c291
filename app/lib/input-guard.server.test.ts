import { describe, expect, it } from "vitest";
import { hasNulCharacter, inputProblem } from "./input-guard.server.ts";

const form = (body: string) =>
  new Request("http://site.test/questions/1", {
    method: "POST",
    body,
    headers: { "content-type": "application/x-www-form-urlencoded" },
  });

describe("hasNulCharacter", () => {
  it("finds a NUL in the address or in a plain form post", async () => {
    expect(await hasNulCharacter(new Request("http://site.test/search?q=a%00b"))).toBe(true);
    expect(await hasNulCharacter(new Request("http://site.test/u/ana%00"))).toBe(true);
    expect(await hasNulCharacter(form("intent=comment&body=ol%C3%A1%00mundo"))).toBe(true);
  });
  it("lets ordinary text through, and leaves the body readable", async () => {
    expect(await hasNulCharacter(new Request("http://site.test/search?q=caf%C3%A9%20%25%20100"))).toBe(false);
    const request = form("intent=comment&body=bom+dia+%25+100%25");
    expect(await hasNulCharacter(request)).toBe(false);
    expect((await request.formData()).get("body")).toBe("bom dia % 100%");
  });
  it("finds a NUL in a multipart post's text fields, not in its files, and leaves the body readable", async () => {
    const multipart = (fields: Record<string, string | Blob>) => {
      const body = new FormData();
      for (const [name, value] of Object.entries(fields)) body.append(name, value);
      return new Request("http://site.test/write-a-post", { method: "POST", body });
    };
    expect(await hasNulCharacter(multipart({ title: "título\u0000", body: "texto" }))).toBe(true);
    const withImage = multipart({ title: "Um post", cover: new Blob([new Uint8Array([0, 1, 0])]) });
    expect(await hasNulCharacter(withImage)).toBe(false);
    expect((await withImage.formData()).get("title")).toBe("Um post");
  });
  it("does not choke on malformed escapes", async () => {
    expect(await hasNulCharacter(form("body=%E0%A4%A"))).toBe(false);
  });
  it("refuses bodies no action can read: other types with 415, broken multipart with 400", async () => {
    const post = (body: string, type?: string) =>
      new Request("http://site.test/entrar", {
        method: "POST",
        body,
        headers: type ? { "content-type": type } : {},
      });
    expect((await inputProblem(post('{"email":"a@b.c"}', "application/json")))?.status).toBe(415);
    expect((await inputProblem(post("<a/>", "application/xml")))?.status).toBe(415);
    expect((await inputProblem(post("email=a", "multipart/form-data")))?.status).toBe(400);
    expect((await inputProblem(post("x", "multipart/form-data; boundary=x")))?.status).toBe(400);
    expect(await inputProblem(post("", "text/plain"))).toBeNull();
    expect(await inputProblem(post("email=a%40b.c", "application/x-www-form-urlencoded"))).toBeNull();
  });
});
