// The Configurações forms of personal access tokens: create one (a name and what it may do) and revoke one.
// Parsed in the browser by Conform and again on the server; the feature (access-tokens.server.ts) checks
// the same rules once more with the same words, for the API and for forms that skip this schema.
import { z } from "zod";
import { MAX_ROW_ID } from "#app/lib/ids.ts";

/** Kept equal to `ACCESS_TOKEN_NAME_MAX` of access-tokens.server.ts (a test compares them). */
export const ACCESS_TOKEN_NAME_MAX_LENGTH = 60;

export const CREATE_ACCESS_TOKEN_INTENT = "create-access-token";
export const REVOKE_ACCESS_TOKEN_INTENT = "revoke-access-token";

/** The choice of the form's radio: reading, or reading and writing (writing always brings reading). */
const ACCESS_TOKEN_ACCESS = ["read", "write"] as const;
export type AccessTokenAccess = (typeof ACCESS_TOKEN_ACCESS)[number];

export const ACCESS_TOKEN_MESSAGES = {
  nameRequired: "Dê um nome ao token.",
  nameMax: `O nome pode ter até ${ACCESS_TOKEN_NAME_MAX_LENGTH} caracteres.`,
  accessRequired: "Escolha o que o token pode fazer.",
} as const;

const M = ACCESS_TOKEN_MESSAGES;

export const createAccessTokenSchema = z.object({
  intent: z.literal(CREATE_ACCESS_TOKEN_INTENT),
  name: z
    .string({ error: M.nameRequired })
    .transform((value) => value.replace(/[\p{Cc}\s]+/gu, " ").trim())
    .pipe(
      // Conform reads an empty string as no value: the message has to be here too.
      z
        .string({ error: M.nameRequired })
        .min(1, { error: M.nameRequired })
        .max(ACCESS_TOKEN_NAME_MAX_LENGTH, { error: M.nameMax }),
    ),
  access: z.enum(ACCESS_TOKEN_ACCESS, { error: M.accessRequired }),
});
export type CreateAccessTokenInput = z.infer<typeof createAccessTokenSchema>;

export const revokeAccessTokenSchema = z.object({
  intent: z.literal(REVOKE_ACCESS_TOKEN_INTENT),
  tokenId: z.coerce.number().int().positive().max(MAX_ROW_ID),
});

/** The scopes a choice of the form stands for. */
export function scopesOf(access: AccessTokenAccess): string[] {
  return access === "write" ? ["read", "write"] : ["read"];
}

/** "Leitura" or "Leitura e escrita": what a token's scopes allow, as the list shows it. */
export function accessLabel(scopes: readonly string[]): string {
  return scopes.includes("write") ? "Leitura e escrita" : "Leitura";
}
