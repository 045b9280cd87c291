// Newsletter subscriptions: one row per normalised address, confirmed through a link sent by e-mail.
import { eq, isNull } from "drizzle-orm";
import { newsletterSubscriptions } from "#db/schema.ts";
import { getDb } from "#app/lib/db.server.ts";
import { publicUrl } from "#app/lib/env.server.ts";
import { sendMail } from "#app/lib/mail.server.ts";
import { createToken, hashToken } from "#app/lib/tokens.server.ts";

export type SubscribeOutcome = "confirmation_sent" | "already_confirmed";

/** `email` must already be normalised by `newsletterSchema`. */
export async function subscribe(email: string, origin: string = publicUrl()): Promise<SubscribeOutcome> {
  const db = await getDb();
  const { token, hash } = createToken();
  // Insert, or rotate the token of a pending subscription so the newest e-mail's link is the one that works.
  const [row] = await db
    .insert(newsletterSubscriptions)
    .values({ email, tokenHash: hash })
    .onConflictDoUpdate({
      target: newsletterSubscriptions.email,
      set: { tokenHash: hash },
      setWhere: isNull(newsletterSubscriptions.confirmedAt),
    })
    .returning({ id: newsletterSubscriptions.id });
  // No row back: the address exists and is already confirmed (the conditional update did not apply).
  if (!row) return "already_confirmed";
  const link = `${origin}/newsletter/confirmar/${token}`;
  await sendMail({
    to: email,
    subject: "Confirme sua inscrição na Suporte de Domingo",
    text: [
      "Olá!",
      "",
      "Recebemos um pedido para enviar as atualizações da Suporte de Domingo para este e-mail.",
      `Para confirmar, abra este link: ${link}`,
      "",
      "Se não foi você, é só ignorar esta mensagem.",
    ].join("\n"),
  });
  return "confirmation_sent";
}

export async function confirmSubscription(token: string): Promise<boolean> {
  const db = await getDb();
  const [row] = await db
    .update(newsletterSubscriptions)
    .set({ confirmedAt: new Date() })
    .where(eq(newsletterSubscriptions.tokenHash, hashToken(token)))
    .returning({ id: newsletterSubscriptions.id });
  return Boolean(row);
}
