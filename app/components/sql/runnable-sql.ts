// Which code blocks get "Executar": SQL that makes its own data. Every statement starts with a word that creates,
// fills, reads or changes tables in a throwaway database, and at least one reads; nothing that reaches outside
// it (COPY, extensions, sessions, psql's backslash commands). Tiny: every read page runs it on its code blocks.

/** The statements' first words a block may have. */
const ALLOWED = /^(create|insert|select|with|values|update|delete|drop|alter|truncate|explain|table)\b/i;
/** What a block may not have anywhere: it would reach outside a throwaway database, or never end on purpose. */
const REFUSED =
  /\b(copy|extension|listen|notify|dblink|lo_import|lo_export|pg_read_file|pg_sleep)\b|^\s*\\/im;
/** At least one statement shows something. */
const READS = /^(select|with|values|table|explain)\b|\breturning\b/i;

/** The statements of a block, comments dropped (a `;` inside a string splits it too: then it is refused). */
function statements(sql: string): string[] {
  return sql
    .replace(/--[^\n]*/g, "")
    .replace(/\/\*[\s\S]*?\*\//g, "")
    .split(";")
    .map((part) => part.trim())
    .filter(Boolean);
}

const RUNNABLE_SQL_MAX = 20_000;

export function isRunnableSql(sql: string): boolean {
  if (!sql.trim() || sql.length > RUNNABLE_SQL_MAX || REFUSED.test(sql)) return false;
  const parts = statements(sql);
  return (
    parts.length > 0 && parts.every((part) => ALLOWED.test(part)) && parts.some((part) => READS.test(part))
  );
}
