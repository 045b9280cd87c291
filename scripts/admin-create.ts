// `npm run admin:create -- --email ana@exemplo.com --name "Ana Souza" --password "…"`: creates an admin, or
// promotes the account that already has this e-mail. Missing values are asked for (the password without echo).
// With the embedded database, stop the server first: PGlite opens DATA_DIR in one process at a time.
import { stdin, stdout } from "node:process";
import { createInterface } from "node:readline/promises";
import { parseArgs } from "node:util";

type Options = { email?: string; name?: string; password?: string; help?: boolean };

const USAGE = `Uso: npm run admin:create -- --email <e-mail> [--name <nome>] [--password <senha>]

Cria uma conta de administrador, ou promove a administrador a conta que já usa esse e-mail.
O que faltar é perguntado (a senha sem aparecer na tela). A senha só é usada ao criar a conta.`;

let pipedLines: AsyncIterator<string> | undefined;

async function ask(question: string): Promise<string> {
  stdout.write(question);
  if (!stdin.isTTY) {
    // Piped answers: one reader for every question, so no buffered line is lost between them.
    pipedLines ??= createInterface({ input: stdin, terminal: false })[Symbol.asyncIterator]();
    const next = await pipedLines.next();
    stdout.write("\n");
    return next.done ? "" : next.value.trim();
  }
  const rl = createInterface({ input: stdin, output: stdout });
  try {
    return (await rl.question("")).trim();
  } finally {
    rl.close();
  }
}

/** Reads a line without echoing it (falls back to a plain line when stdin is not a terminal). */
async function askHidden(question: string): Promise<string> {
  if (!stdin.isTTY) return ask(question);
  stdout.write(question);
  stdin.setRawMode(true);
  stdin.resume();
  stdin.setEncoding("utf8");
  return new Promise((resolve, reject) => {
    let value = "";
    const onData = (chunk: string) => {
      for (const char of chunk) {
        if (char === "\r" || char === "\n") {
          finish();
          resolve(value);
          return;
        }
        if (char === "\u0003") {
          finish();
          reject(new Error("cancelado"));
          return;
        }
        if (char === "\u007f" || char === "\b") value = value.slice(0, -1);
        else value += char;
      }
    };
    const finish = () => {
      stdin.off("data", onData);
      stdin.setRawMode(false);
      stdin.pause();
      stdout.write("\n");
    };
    stdin.on("data", onData);
  });
}

let options: Options;
try {
  options = parseArgs({
    options: {
      email: { type: "string" },
      name: { type: "string" },
      password: { type: "string" },
      help: { type: "boolean", short: "h" },
    },
  }).values;
} catch (error) {
  console.error((error as Error).message);
  console.error(USAGE);
  process.exit(1);
}
if (options.help) {
  console.log(USAGE);
  process.exit(0);
}

process.env.LOG_LEVEL ??= "warn";

try {
  // Imported here, so an invalid configuration (read while the modules load) ends in a clear message.
  const { z } = await import("zod");
  const { emailField } = await import("../app/lib/validation.ts");
  const { env } = await import("../app/lib/env.server.ts");
  const { closeDatabase, getDb } = await import("../app/lib/db.server.ts");
  const { createOrPromoteAdmin } = await import("../app/features/accounts/accounts.server.ts");
  const { PASSWORD_MAX_LENGTH, PASSWORD_MIN_LENGTH } = await import("../app/features/accounts/schemas.ts");
  const { users } = await import("../db/schema.ts");
  const { eq, sql } = await import("drizzle-orm");

  const emailResult = emailField.safeParse(options.email ?? (await ask("E-mail: ")));
  if (!emailResult.success) throw new Error("Email inválido");
  const email = emailResult.data;
  const where = env().DATABASE_URL ? "PostgreSQL (DATABASE_URL)" : `PGlite em ${env().DATA_DIR}`;
  try {
    const db = await getDb();
    const [existing] = await db
      .select({ id: users.id })
      .from(users)
      .where(eq(sql`lower(${users.email})`, email))
      .limit(1);
    let name = options.name;
    let password = options.password;
    if (!existing) {
      name ??= await ask("Nome: ");
      password ??= await askHidden("Senha (8 a 128 caracteres): ");
      const check = z.string().min(PASSWORD_MIN_LENGTH).max(PASSWORD_MAX_LENGTH).safeParse(password);
      if (!check.success)
        throw new Error(`A senha deve ter de ${PASSWORD_MIN_LENGTH} a ${PASSWORD_MAX_LENGTH} caracteres`);
    }
    const result = await createOrPromoteAdmin({ email, name, password });
    console.log(
      result.created
        ? `Administrador criado em ${where}: ${email} (perfil /u/${result.handle}).`
        : `A conta ${email} agora é administradora em ${where} (perfil /u/${result.handle}).`,
    );
    console.log(
      "Ao entrar, ative a verificação em duas etapas em Configurações › Segurança: sem ela, as ferramentas de administração ficam bloqueadas.",
    );
  } finally {
    await closeDatabase();
  }
} catch (error) {
  console.error("Não foi possível criar o administrador:");
  console.error(error instanceof Error ? error.message : error);
  process.exitCode = 1;
}
