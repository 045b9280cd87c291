// Removed accounts stay in `users` as "Membro removido" (ADR 010). Lists of people (suggestions, the members
// page, search) should leave them out with `activeMembersOnly()`.
import { sql, type SQL } from "drizzle-orm";
import { users } from "#db/schema.ts";

/** The e-mail of a removed account is `removido:{id}`: not an address, so nobody can sign in or up with it. */
export const REMOVED_EMAIL_PREFIX = "removido:";
export const REMOVED_NAME = "Membro removido";

/** `WHERE` condition on `users`: only accounts that were not removed. */
export function activeMembersOnly(): SQL {
  return sql`${users.email} not like ${`${REMOVED_EMAIL_PREFIX}%`}`;
}

export function isRemovedEmail(email: string): boolean {
  return email.startsWith(REMOVED_EMAIL_PREFIX);
}
