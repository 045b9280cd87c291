// Form fields shared by several features (spec §5). Client and server parse with the same pieces.
import { z } from "zod";

export const EMAIL_INVALID = "Email inválido";

/** Every form with an e-mail (spec §5): trims, lowercases and checks the address. */
export const emailField = z
  .string({ error: EMAIL_INVALID })
  .trim()
  .toLowerCase()
  .pipe(z.email({ error: EMAIL_INVALID }).max(254, { error: EMAIL_INVALID }));
