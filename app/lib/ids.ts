// Row ids sent in forms. Ids are PostgreSQL integers: a value that is not one (a word, a fraction, a number past
// the integer range) names no row, and must not reach a query, where it fails as a 500 instead of a "not found".

export const MAX_ROW_ID = 2_147_483_647;

/** The id in a form field, or 0 when the value cannot be one: no row has id 0, so the feature says not found. */
export function formRowId(value: FormDataEntryValue | null): number {
  if (typeof value !== "string" || !/^\d{1,10}$/.test(value.trim())) return 0;
  const id = Number(value.trim());
  return id <= MAX_ROW_ID ? id : 0;
}
