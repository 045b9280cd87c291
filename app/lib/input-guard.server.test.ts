import { describe, expect, it } from "vitest";
import { hasNulCharacter } from "./input-guard.server.ts";

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
  it("does not choke on malformed escapes", async () => {
    expect(await hasNulCharacter(form("body=%E0%A4%A"))).toBe(false);
  });
});
