/**
 * The migrated template test files clone. A run pointed at a database of its own (TEST_DATABASE_URL=…/sdd_x, on a
 * server shared with other runs) gets a template of its own too, so one run never drops another's template.
 */
export function templateDatabaseName() {
  const url = process.env.TEST_DATABASE_URL;
  const database = url ? new URL(url).pathname.slice(1) : "";
  return database && database !== "test" && /^[a-z0-9_]+$/.test(database)
    ? `${database}_template`
    : "sdd_test_template";
}

export function withDatabase(url: string, database: string) {
  const parsed = new URL(url);
  parsed.pathname = `/${database}`;
  return parsed.toString();
}

/** Runs one statement on its own connection to `url` (creating or dropping a test's database). */
export async function runOnServer(url: string, statement: string): Promise<void> {
  const { default: pg } = await import("pg");
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    await client.query(statement);
  } finally {
    await client.end();
  }
}
