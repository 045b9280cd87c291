// Runs before every loader and action: refuses cross-site writes and text PostgreSQL cannot store (NUL), then
// finds who is asking from the session
// cookie (renewing it at most once a day).
import type { MiddlewareFunction } from "react-router";
import { resolveSession, setsSessionCookie } from "../features/accounts/sessions.server.ts";
import { viewerContext } from "./context.ts";
import { assertSameOrigin } from "./csrf.server.ts";
import { assertNoNulCharacter } from "./input-guard.server.ts";

export const rootMiddleware: MiddlewareFunction<Response>[] = [
  async ({ request, context }, next) => {
    assertSameOrigin(request);
    await assertNoNulCharacter(request);
    const { viewer, setCookie } = await resolveSession(request);
    context.set(viewerContext, viewer);
    const response = await next();
    // A sign-in or sign-out in this request already set the cookie: theirs wins.
    if (!setCookie || setsSessionCookie(request, response)) return response;
    try {
      response.headers.append("Set-Cookie", setCookie);
      return response;
    } catch {
      // Immutable headers (e.g. Response.redirect): copy the response.
      const copy = new Response(response.body, response);
      copy.headers.append("Set-Cookie", setCookie);
      return copy;
    }
  },
];
