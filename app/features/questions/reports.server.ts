// Denunciar: there is no reports table, so a report is e-mailed to the moderators (or to the site's contact
// address when there are none) and logged. Members only, a short reason, and a per-member daily cap counted in
// the shared rate_limits table so a flood of reports cannot flood the moderators' inboxes.
import { and, eq, inArray, sql } from "drizzle-orm";
import { rateLimits, users } from "#db/schema.ts";
import { getDb } from "#app/lib/db.server.ts";
import { env, publicUrl } from "#app/lib/env.server.ts";
import { AppError } from "#app/lib/errors.ts";
import { logger } from "#app/lib/logger.server.ts";
import { sendMail } from "#app/lib/mail.server.ts";
import type { Viewer } from "#app/lib/viewer.ts";
import { requireMember } from "./access.server.ts";
import { answers, questions } from "#db/schema.ts";
import type { TargetKind } from "./targets.server.ts";

export const REPORT_REASON_MAX = 500;
export const REPORTS_PER_DAY = 10;

export const REPORT_MESSAGES = {
  reason: `Conte em até ${REPORT_REASON_MAX} caracteres o que há de errado.`,
  tooMany: "Você já enviou muitas denúncias hoje. Tente de novo amanhã.",
  sent: "Obrigado! A moderação vai analisar a denúncia.",
} as const;

export async function reportPost(
  viewer: Viewer | null,
  target: { kind: TargetKind; id: number },
  reasonText: string,
  origin: string = publicUrl(),
): Promise<void> {
  const member = requireMember(viewer);
  const reason = reasonText.replace(/\s+/g, " ").trim();
  if (!reason || reason.length > REPORT_REASON_MAX) {
    throw new AppError("validation", REPORT_MESSAGES.reason, { field: "reason" });
  }
  const db = await getDb();
  let questionId: number | undefined;
  if (target.kind === "question") {
    const [row] = await db.select({ id: questions.id }).from(questions).where(eq(questions.id, target.id));
    questionId = row?.id;
  } else {
    const [row] = await db
      .select({ questionId: answers.questionId })
      .from(answers)
      .where(eq(answers.id, target.id));
    questionId = row?.questionId;
  }
  if (questionId === undefined) throw new AppError("not_found", "Esta publicação não existe.");

  const day = new Date();
  day.setUTCHours(0, 0, 0, 0);
  const [counter] = await db
    .insert(rateLimits)
    .values({ key: `report:${member.id}`, windowStart: day, count: 1 })
    .onConflictDoUpdate({
      target: [rateLimits.key, rateLimits.windowStart],
      set: { count: sql`${rateLimits.count} + 1` },
    })
    .returning({ count: rateLimits.count });
  if ((counter?.count ?? 0) > REPORTS_PER_DAY) throw new AppError("rate_limited", REPORT_MESSAGES.tooMany);

  const moderators = await db
    .select({ email: users.email })
    .from(users)
    .where(and(inArray(users.role, ["moderator", "admin"])))
    .limit(20);
  const recipients = moderators.length ? moderators.map((m) => m.email) : [env().CONTACT_EMAIL];
  const link = `${origin}/questions/${questionId}${target.kind === "answer" ? `#resposta-${target.id}` : ""}`;
  const what = target.kind === "question" ? "pergunta" : "resposta";
  logger.warn({ reporter: member.id, target, reason }, "post reported");
  await Promise.all(
    recipients.map((to) =>
      sendMail({
        to,
        subject: `Denúncia: ${what} ${target.id}`,
        text: [
          `${member.name} (@${member.handle}) denunciou uma ${what}.`,
          "",
          `Motivo: ${reason}`,
          "",
          `Ver: ${link}`,
        ].join("\n"),
      }),
    ),
  );
}
