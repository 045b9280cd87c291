// How often the API may be called (ADR 036), in the shared rate_limits table so every app server counts
// together. Every request counts against its client address; a request with a token also against the token.
// The site's own limits on writing (questions, answers, comments, posts per hour) apply on top, through the
// feature functions, per member.
export const API_RATE_LIMITS = {
  perAddress: { name: "api:address", limit: 300, windowSeconds: 60 },
  perToken: { name: "api:token", limit: 300, windowSeconds: 60 },
} as const;
