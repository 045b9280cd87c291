// Runs before every loader and action: refuses cross-site writes and input no action can read (a NUL, a JSON
// body, broken multipart: app/lib/input-guard.server.ts), then finds who is asking from the session cookie
// (renewing it at most once a day), and refuses the writes of a suspended member. The REST API (/api/v1,
// ADR 036) and the MCP server (/mcp, ADR 064) read no cookie: its callers are who their bearer token says, so there is no ambient credential
// to forge a request with, and it checks its own input (JSON) and suspensions.
import { data, type MiddlewareFunction } from "react-router";
import { resolveSession, setsSessionCookie } from "./features/accounts/sessions.server.ts";
import { suspendedWriteRefusal } from "./features/moderation/suspension-guard.server.ts";
import { routeContext, viewerContext, visitorPageContext } from "./lib/context.ts";
import { unreadNotificationsContext } from "./lib/unread-notifications-context.server.ts";
import { assertSameOrigin } from "./lib/csrf.server.ts";
import { assertReadableInput } from "./lib/input-guard.server.ts";
import { noteMemberWrote } from "./lib/short-cache.server.ts";
import { checkBadgesOf, checkBadgesSoon, recordVisit } from "./features/badges/badges.server.ts";
import { runInBackground } from "./lib/background-work.server.ts";

export const rootMiddleware: MiddlewareFunction<Response>[] = [
  async ({ request, context, pattern }, next) => {
    // The matched route's pattern, for the HTTP server's metrics (ADR 040): first, so refusals carry it too.
    if (pattern) context.get(routeContext).pattern = pattern.startsWith("/") ? pattern : `/${pattern}`;
    const restApi = isRestApiRequest(request);
    if (!restApi) {
      assertSameOrigin(request);
      await assertReadableInput(request);
    }
    const { viewer, setCookie, unreadNotifications } = restApi
      ? { viewer: null, setCookie: undefined, unreadNotifications: undefined }
      : await resolveSession(request);
    context.set(viewerContext, viewer);
    // A day on the site counts for the badges of visits in a row (written once a day, after the response).
    if (viewer) {
      const memberId = viewer.id;
      runInBackground(async () => {
        if (await recordVisit(memberId)) await checkBadgesOf(memberId);
      });
    }
    context.set(unreadNotificationsContext, unreadNotifications ?? null);
    const write = !["GET", "HEAD", "OPTIONS"].includes(request.method.toUpperCase());
    if (write) {
      // Before any action runs: a suspended member reads but does not write (the page says why, until when).
      const refusal = await suspendedWriteRefusal(request, viewer);
      if (refusal) {
        const url = new URL(request.url);
        // A script calling the API reads the JSON shape of its refusals; pages show the text.
        const api = url.pathname.startsWith("/api/") && !url.pathname.endsWith(".data");
        throw data(api ? { ok: false, message: refusal } : refusal, { status: 403 });
      }
    }
    // What the write changed for visitors' cached pages (ADR 028): the action names its topics; a member's
    // write that names nothing changes everything (marked before it runs, so a failure after its commit counts
    // too). A refusal (4xx: invalid form, rate limit, no permission) changed nothing, whatever it declared.
    // Signing in or out changes nothing visitors see; an anonymous write that does (a sign-up) says so.
    const visitorPage = context.get(visitorPageContext);
    if (write && viewer) visitorPage.changes ??= "everything";
    let response: Response;
    try {
      response = await next();
    } catch (error) {
      if (write) visitorPage.settled?.();
      throw error;
    }
    if (write && response.status >= 400 && response.status < 500) visitorPage.changes = "nothing";
    // The lists members share lag a few seconds; the member who wrote reads them fresh (their question listed).
    if (write && viewer && visitorPage.changes !== "nothing") {
      noteMemberWrote(viewer.id);
      // What they did may earn a badge (a first question, answer, edit…), checked in a moment.
      checkBadgesSoon([viewer.id]);
    }
    // Applied now, after the action and its commit: a client gone mid-action must not leave pages rendered
    // before the commit standing as fresh (the HTTP server applies it at the response's end otherwise).
    if (write) visitorPage.settled?.();
    const headers: Array<[string, string]> = [];
    // A member's page, or an answer that signs someone in or out, is theirs alone: no shared or browser cache
    // may keep it (a shared computer's back button, a proxy).
    if (viewer || response.headers.has("set-cookie") || setCookie) {
      headers.push(["Cache-Control", "private, no-store"]);
    }
    // A sign-in or sign-out in this request already set the cookie: theirs wins.
    if (setCookie && !setsSessionCookie(request, response)) headers.push(["Set-Cookie", setCookie]);
    return withHeaders(response, headers);
  },
];

/**
 * A request to the REST API or the MCP server (/mcp, which runs the API's operations), which authenticate by
 * bearer token only (never the session cookie).
 */
function isRestApiRequest(request: Request): boolean {
  const path = new URL(request.url).pathname;
  return path === "/api/v1" || path.startsWith("/api/v1/") || path === "/mcp";
}

function withHeaders(response: Response, headers: Array<[string, string]>): Response {
  if (headers.length === 0) return response;
  const apply = (target: Headers) => {
    for (const [name, value] of headers) {
      if (name === "Set-Cookie") target.append(name, value);
      else target.set(name, value);
    }
  };
  try {
    apply(response.headers);
    return response;
  } catch {
    // Immutable headers (e.g. Response.redirect): copy the response.
    const copy = new Response(response.body, response);
    apply(copy.headers);
    return copy;
  }
}
