// The one "error → form reply" helper: where the message goes, which status and headers answer, what is kept.
import { parseWithZod } from "@conform-to/zod/v4";
import { describe, expect, test } from "vitest";
import { z } from "zod";
import { AppError } from "./errors.ts";
import { appErrorResult, errorReply, fieldErrorReply, invalidReply } from "./form-replies.server.ts";

const schema = z.object({ email: z.string().email("E-mail inválido."), password: z.string() });
type Reply = { result: ReturnType<typeof appErrorResult>; intent?: string };

function submissionOf(fields: Record<string, string>) {
  const form = new FormData();
  for (const [name, value] of Object.entries(fields)) form.set(name, value);
  return parseWithZod(form, { schema });
}

class RetryLater extends AppError {
  readonly retryAfterSeconds = 120;
  constructor() {
    super("rate_limited", "Espere um pouco.");
  }
}

describe("errorReply", () => {
  test("puts the message next to the error's field, with its status and the route's payload", () => {
    const submission = submissionOf({ email: "ana@example.com", password: "segredo" });
    const reply = errorReply<Reply>(
      submission,
      new AppError("conflict", "Este e-mail já está em uso.", { field: "email" }),
      { intent: "email" },
      { hideFields: ["password"] },
    );
    expect(reply.init?.status).toBe(409);
    expect(reply.data.intent).toBe("email");
    expect(reply.data.result.error).toEqual({ email: ["Este e-mail já está em uso."] });
    expect(reply.data.result.initialValue).toEqual({ email: "ana@example.com" });
  });

  test("an error about no field, or about a field the form does not show, goes above the form", () => {
    const submission = submissionOf({ email: "ana@example.com", password: "x" });
    const noField = errorReply<Reply>(submission, new AppError("forbidden", "Não pode."), {});
    expect(noField.data.result.error).toEqual({ "": ["Não pode."] });
    const unknownField = errorReply<Reply>(
      submission,
      new AppError("validation", "Tag inválida.", { field: "tags" }),
      {},
      { fields: new Set(["email"]) },
    );
    expect(unknownField.data.result.error).toEqual({ "": ["Tag inválida."] });
  });

  test("a field for errors that name none, and Retry-After when the error knows when to try again", () => {
    const submission = submissionOf({ email: "ana@example.com", password: "x" });
    const reply = errorReply<Reply>(submission, new RetryLater(), {}, { fallbackField: "email" });
    expect(reply.init?.status).toBe(429);
    expect(reply.init?.headers).toEqual({ "Retry-After": "120" });
    expect(reply.data.result.error).toEqual({ email: ["Espere um pouco."] });
  });

  test("anything that is not an AppError is thrown again", () => {
    const submission = submissionOf({ email: "ana@example.com", password: "x" });
    const bug = new TypeError("bug");
    expect(() => errorReply<Reply>(submission, bug, {})).toThrow(bug);
    expect(() => fieldErrorReply<Reply>("avatar", bug, {})).toThrow(bug);
  });
});

describe("invalidReply and fieldErrorReply", () => {
  test("refused input answers 400 with the schema's messages, hidden fields left out", () => {
    const reply = invalidReply<Reply>(
      submissionOf({ email: "não", password: "segredo" }),
      { intent: "email" },
      { hideFields: ["password"] },
    );
    expect(reply.init?.status).toBe(400);
    expect(reply.data.intent).toBe("email");
    expect(reply.data.result.error).toEqual({ email: ["E-mail inválido."] });
    expect(reply.data.result.initialValue).toEqual({ email: "não" });
  });

  test("an error about a field Conform did not parse", () => {
    const reply = fieldErrorReply<Reply>("avatar", new AppError("payload_too_large", "Grande demais."), {
      intent: "avatar",
    });
    expect(reply.init?.status).toBe(413);
    expect(reply.data).toEqual({
      intent: "avatar",
      result: { status: "error", error: { avatar: ["Grande demais."] } },
    });
  });
});
