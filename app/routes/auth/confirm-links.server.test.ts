// The pages behind the links of e-mails: a link that confirms nothing answers 400 (it was a 200 page saying so),
// a link that works answers 200. The e-mail link's GET only shows a button; its POST, in the account's own
// session, confirms; the newsletter's, which has no account, confirms without one.
import { readdir, readFile, rm } from "node:fs/promises";
import path from "node:path";
import { beforeEach, describe, expect, test } from "vitest";
import { subscribe } from "#app/features/newsletter/newsletter.server.ts";
import { settleBackgroundWork } from "#app/lib/background-work.server.ts";
import { outboxDir } from "#app/lib/mail.server.ts";
import { setupTestDatabase } from "#tests/support/database.ts";
import { issueToken } from "#app/features/accounts/account-tokens.server.ts";
import { createMember } from "#tests/support/factories.ts";
import { actionArgs, loaderArgs } from "#tests/support/route-calls.ts";
import {
  action as pressNewsletterConfirm,
  loader as newsletterConfirm,
} from "../newsletter/newsletter-confirm.tsx";
import { action as pressConfirm, loader as confirmEmail } from "./confirm-email.tsx";

const db = setupTestDatabase();

/** A loader's status: `data(…)` carries it in `init`; a plain object is a 200. */
const statusOfData = (value: unknown) => (value as { init?: { status?: number } }).init?.status ?? 200;

describe("links from e-mails", () => {
  beforeEach(() => rm(outboxDir(), { recursive: true, force: true }));

  test("an e-mail confirmation link that is not one answers 400 with the 'invalid' page", async () => {
    const result = await confirmEmail(
      loaderArgs("/confirmar-email/nao-e-um-token", { token: "nao-e-um-token" }),
    );
    expect(statusOfData(result)).toBe(400);
    expect((result as { data: { outcome: string } }).data.outcome).toBe("invalid");
  });

  test("opening an e-mail link confirms nothing; its button confirms, in the account's own session only", async () => {
    const member = await createMember(db());
    const other = await createMember(db());
    const token = await issueToken(db(), member.id, "verify_email");
    const path = `/confirmar-email/${token}`;
    const outcomeOf = (value: unknown) => (value as { data: { outcome: string } }).data.outcome;

    const opened = await confirmEmail(loaderArgs(path, { token }));
    expect([statusOfData(opened), outcomeOf(opened)]).toEqual([200, "signInRequired"]);
    const signedOut = await pressConfirm(actionArgs(path, null, {}, { token }));
    expect([statusOfData(signedOut), outcomeOf(signedOut)]).toEqual([401, "signInRequired"]);
    const byOther = await pressConfirm(actionArgs(path, other, {}, { token }));
    expect([statusOfData(byOther), outcomeOf(byOther)]).toEqual([403, "otherAccount"]);

    const confirmed = await pressConfirm(actionArgs(path, member, {}, { token }));
    expect([statusOfData(confirmed), outcomeOf(confirmed)]).toEqual([200, "verified"]);
    const again = await pressConfirm(actionArgs(path, member, {}, { token }));
    expect([statusOfData(again), outcomeOf(again)]).toEqual([400, "invalid"]);
  });

  test("opening a newsletter link confirms nothing; its button confirms, no session needed", async () => {
    await subscribe("leitora@exemplo.com.br", { ip: "192.0.2.1" });
    await settleBackgroundWork();
    const [file] = await readdir(outboxDir());
    const mail = JSON.parse(await readFile(path.join(outboxDir(), file!), "utf8")) as { text: string };
    const token = mail.text.match(/newsletter\/confirmar\/([\w-]+)/)![1]!;
    const link = `/newsletter/confirmar/${token}`;
    const stateOf = (value: unknown) => (value as { data: { state: string } }).data.state;

    const opened = await newsletterConfirm(loaderArgs(link, { token }));
    expect([statusOfData(opened), stateOf(opened)]).toEqual([200, "pending"]);
    expect(stateOf(await newsletterConfirm(loaderArgs(link, { token })))).toBe("pending");
    const pressed = await pressNewsletterConfirm(actionArgs(link, null, {}, { token }));
    expect(statusOfData(pressed)).toBe(200);
    expect(stateOf(await newsletterConfirm(loaderArgs(link, { token })))).toBe("confirmed");

    expect(
      statusOfData(
        await newsletterConfirm(loaderArgs("/newsletter/confirmar/inventado", { token: "inventado" })),
      ),
    ).toBe(400);
    expect(
      statusOfData(
        await pressNewsletterConfirm(
          actionArgs("/newsletter/confirmar/inventado", null, {}, { token: "inventado" }),
        ),
      ),
    ).toBe(400);
  });
});
