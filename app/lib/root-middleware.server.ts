// Runs before every loader and action: refuses cross-site writes, then finds who is asking.
import type { MiddlewareFunction } from "react-router";
import { viewerContext } from "./context.ts";
import { assertSameOrigin } from "./csrf.server.ts";
import { resolveViewer } from "./session.server.ts";

export const rootMiddleware: MiddlewareFunction<Response>[] = [
  async ({ request, context }, next) => {
    assertSameOrigin(request);
    context.set(viewerContext, await resolveViewer(request));
    return next();
  },
];
