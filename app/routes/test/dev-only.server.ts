// The /test pages (style guide, editor bench) exist for development and the test suites only: in production
// an anonymous post there sanitised and echoed megabytes for nothing. The e2e server runs the production
// build with E2E=1 and keeps them.
import { data } from "react-router";

/** Unset NODE_ENV counts as development, as in lib/env.server.ts; `npm start` sets production. */
function devPagesEnabled(source: Record<string, string | undefined> = process.env): boolean {
  return (source.NODE_ENV || "development") !== "production" || source.E2E === "1";
}

/** The site's not-found page unless the development pages are on; called before the body is read. */
export function assertDevPages() {
  if (!devPagesEnabled()) throw data(null, { status: 404 });
}
