// The bell's live stream when there is no session (it ended in another tab, or expired with the page open): a
// 204, which tells the browser's EventSource to stop reconnecting without logging an error in the console.
import { describe, expect, test } from "vitest";
import { loaderArgs } from "#tests/support/route-calls.ts";
import { loader } from "./stream.ts";

describe("/notifications/stream without a session", () => {
  test("answers 204 with no body", async () => {
    const response = (await loader(loaderArgs("/notifications/stream"))) as Response;
    expect(response.status).toBe(204);
    expect(await response.text()).toBe("");
  });
});
