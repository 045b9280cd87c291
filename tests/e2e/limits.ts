// The rate limits the end-to-end server lowers (scripts/e2e-server.ts sets TEST_RATE_LIMITS from here), so a spec
// that proves a limit reaches it in a few requests instead of waiting on a minute of them. Specs import the
// numbers from here, never repeat them.
export const E2E_LIMITS = {
  /** RATE_LIMITS.commentsNewMember: 60 an hour in production. */
  "write:comment:new": 8,
} as const;

export const E2E_RATE_LIMITS = Object.entries(E2E_LIMITS)
  .map(([name, limit]) => `${name}=${limit}`)
  .join(",");
