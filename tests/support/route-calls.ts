// Calling a route's action or loader directly in an integration test, as React Router would, and reading the
// status of whatever it answered.
import { RouterContextProvider } from "react-router";
import { viewerContext, visitorPageContext } from "#app/lib/context.ts";
import type { Viewer } from "#app/lib/viewer.ts";

/** What a route answered: its status, whether it returned or threw `data(…)`, a Response or a redirect. */
export async function statusOf(run: () => Promise<unknown>): Promise<number> {
  const status = (value: unknown) =>
    value instanceof Response
      ? value.status
      : ((value as { init?: { status?: number } } | undefined)?.init?.status ?? 200);
  try {
    return status(await run());
  } catch (thrown) {
    if (thrown instanceof Response || (thrown as { init?: unknown })?.init) return status(thrown);
    throw thrown;
  }
}

/**
 * A request's context as the HTTP server makes it: its own visitor-page note, so what one request's write notes
 * (`changes`) is never seen by the next (the context's default value is one object for the whole process).
 */
function requestContext(): RouterContextProvider {
  const context = new RouterContextProvider();
  context.set(visitorPageContext, { cacheable: false, effects: [] });
  return context;
}

/** The arguments of an action: a form POST to `path` by `viewer` (null: a visitor). */
export function actionArgs(
  path: string,
  viewer: Viewer | null,
  fields: Record<string, string>,
  params: Record<string, string> = {},
) {
  const context = requestContext();
  context.set(viewerContext, viewer);
  const request = new Request(`http://localhost:3000${path}`, {
    method: "POST",
    body: new URLSearchParams(fields),
  });
  return { request, context, params } as never;
}

/** The arguments of a loader: a GET of `path` by a visitor, or by `viewer`. */
export function loaderArgs(path: string, params: Record<string, string> = {}, viewer: Viewer | null = null) {
  const context = requestContext();
  context.set(viewerContext, viewer);
  return { request: new Request(`http://localhost:3000${path}`), context, params } as never;
}
