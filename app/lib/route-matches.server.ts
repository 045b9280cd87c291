// React Router's route discovery writes into every page the routes that match its address and each of the
// address's parents ("/" and "/questions" for "/questions/1"), so that the browser can follow links to them
// without asking. It finds them by trying each path against every route of the app in turn, on every page:
// on a member's question page that was an eighth of the server's instructions (ADR 070). The routes do not
// change while a build runs, so each path's matches are remembered for the build's request handler.
import { LRUCache } from "lru-cache";

/** The static handler's matcher, as React Router hands it to its static router (`router.match`). */
type RouteMatcher = (location: unknown) => unknown;

/** Paths remembered per build: the site's sections and their parents are few and short. */
const REMEMBERED_PATHS = 1_000;
/**
 * Longer paths are matched afresh: every parent of an address is asked about, and the catch-all route matches
 * any of them, so a few long made-up addresses would otherwise keep megabytes of their copies alive.
 */
const LONGEST_REMEMBERED_PATH = 200;

const rememberedBy = new WeakMap<RouteMatcher, RouteMatcher>();

/**
 * Makes the page's static router remember the matches of the paths route discovery asks about. React Router
 * keeps the matcher on the handler's context (`_match`, not part of its documented interface); when a release
 * no longer does, pages render as before, only slower, and route-matches.server.test.ts says so.
 */
export function rememberRouteMatches(handlerContext: object): void {
  const context = handlerContext as { _match?: RouteMatcher };
  const match = context._match;
  if (typeof match !== "function" || isRemembering(match)) return;
  let remembering = rememberedBy.get(match);
  if (!remembering) {
    // Values are boxed: a path that matches nothing is remembered too.
    const matches = new LRUCache<string, { matches: unknown }>({ max: REMEMBERED_PATHS });
    remembering = (location: unknown) => {
      // Route discovery passes plain paths; anything else is matched as before.
      if (typeof location !== "string" || location.length > LONGEST_REMEMBERED_PATH) return match(location);
      let found = matches.get(location);
      if (!found) {
        found = { matches: match(location) };
        matches.set(location, found);
      }
      return found.matches;
    };
    rememberingMatchers.add(remembering);
    rememberedBy.set(match, remembering);
  }
  context._match = remembering;
}

const rememberingMatchers = new WeakSet<RouteMatcher>();
const isRemembering = (match: RouteMatcher) => rememberingMatchers.has(match);
