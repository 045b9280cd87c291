// The settings page's action dispatches on its typed intents: an intent no form posts answers 400.
import { beforeAll, describe, expect, test } from "vitest";
import type { Viewer } from "#app/lib/viewer.ts";
import { setupTestDatabase } from "#tests/support/database.ts";
import { createMember } from "#tests/support/factories.ts";
import { actionArgs, statusOf } from "#tests/support/route-calls.ts";
import { settingsIntents } from "./settings-action.server.ts";
import { action } from "./settings.tsx";

const db = setupTestDatabase();
let member: Viewer;
beforeAll(async () => {
  member = await createMember(db(), { name: "Pessoa das Configurações" });
});

describe("settings intents", () => {
  test("an unknown or missing intent answers 400", async () => {
    for (const fields of [{ intent: "drop-table" }, { intent: "" }, {}] as Record<string, string>[]) {
      expect(
        await statusOf(() => action(actionArgs("/configuracoes", member, fields))),
        JSON.stringify(fields),
      ).toBe(400);
    }
  });

  test("every intent a form posts is known", () => {
    expect([...settingsIntents.intents].sort()).toEqual([
      "avatar",
      "create-access-token",
      "delete",
      "email",
      "notifications",
      "password",
      "profile",
      "remove-avatar",
      "resend",
      "revoke-access-token",
      "sessions",
      "set-password",
      "unblock-member",
      "unlink-provider",
    ]);
  });
});
