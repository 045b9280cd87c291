import { describe, expect, test } from "vitest";
import { AppError } from "./errors.ts";
import { intentAction, UNKNOWN_INTENT_MESSAGE } from "./intents.server.ts";

type Args = { who: string };

const page = intentAction(
  {
    async greet({ who }: Args) {
      return `olá, ${who}`;
    },
    async refuse() {
      throw new AppError("forbidden", "Só a moderação pode fazer isso.");
    },
    async crash() {
      throw new Error("banco fora do ar");
    },
  },
  { refused: (error, intent) => ({ intent, message: error.message, status: error.status }) },
);

describe("intentAction", () => {
  test("runs the handler of the posted intent and lists the intents it answers", async () => {
    expect(await page("greet", { who: "Ana" })).toBe("olá, Ana");
    expect([...page.intents].sort()).toEqual(["crash", "greet", "refuse"]);
  });

  test("an AppError becomes the page's refusal; any other error is thrown on (a 500)", async () => {
    expect(await page("refuse", { who: "Ana" })).toEqual({
      intent: "refuse",
      message: "Só a moderação pode fazer isso.",
      status: 403,
    });
    await expect(page("crash", { who: "Ana" })).rejects.toThrow("banco fora do ar");
  });

  test("an intent the page does not have, or none, is a 400 with a Portuguese message", async () => {
    for (const posted of ["toString", "__proto__", "", null]) {
      const reply = (await page(posted, { who: "Ana" })) as { init: ResponseInit; data: unknown };
      expect(reply.init.status).toBe(400);
      expect(reply.data).toEqual({ ok: false, message: UNKNOWN_INTENT_MESSAGE });
    }
  });
});
