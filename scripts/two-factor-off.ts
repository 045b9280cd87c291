// `npm run account:two-factor-off -- --email ana@exemplo.com`: turns off two-factor sign-in for a member who lost
// both the phone and the recovery codes, once an operator has made sure who is asking (ADR 049). The member signs in
// with the password alone and can turn it on again; they are told by e-mail. With the embedded database, stop the
// server first: PGlite opens DATA_DIR in one process at a time.
import { parseArgs } from "node:util";

const USAGE = `Uso: npm run account:two-factor-off -- --email <e-mail>

Desativa a verificação em duas etapas da conta (para quem perdeu o celular e os códigos de recuperação).
Confirme antes quem está pedindo: quem tiver a senha entra sem o código depois disso.`;

let email: string | undefined;
try {
  const { values } = parseArgs({
    options: { email: { type: "string" }, help: { type: "boolean", short: "h" } },
  });
  if (values.help) {
    console.log(USAGE);
    process.exit(0);
  }
  email = values.email?.trim().toLowerCase();
} catch (error) {
  console.error((error as Error).message);
}
if (!email) {
  console.error(USAGE);
  process.exit(1);
}

process.env.LOG_LEVEL ??= "warn";
const { eq, sql } = await import("drizzle-orm");
const { users } = await import("../db/schema.ts");
const { closeDatabase, getDb } = await import("../app/lib/db.server.ts");
const { sendDueMailNow } = await import("../app/lib/mail-outbox.server.ts");
const { turnOffTwoFactor } = await import("../app/features/accounts/two-factor.server.ts");
try {
  const db = await getDb();
  const [member] = await db
    .select({ id: users.id })
    .from(users)
    .where(eq(sql`lower(${users.email})`, email));
  if (!member) {
    console.error(`Nenhuma conta com o e-mail ${email}.`);
    process.exitCode = 1;
  } else {
    const turnedOff = await db.transaction((tx) => turnOffTwoFactor(tx, member.id));
    await sendDueMailNow();
    console.log(
      turnedOff
        ? `Verificação em duas etapas desativada para ${email}; a pessoa foi avisada por e-mail.`
        : `A conta ${email} não usava a verificação em duas etapas.`,
    );
  }
} finally {
  await closeDatabase();
}
