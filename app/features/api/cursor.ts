// Opaque cursors (ADR 036): base64url of JSON naming the list they belong to and where the last page ended —
// the last row's sort key and id for lists paged by key in SQL, or a position for ranked lists (search, tags).
// A cursor of another list or sort, or one a client made up, is a 422 on `cursor`, never a query.
import { z } from "zod";
import { API_MESSAGES, ApiError } from "./errors.ts";

export type KeyCursor = { key: string[]; id: number };
/** The SQL type of each part of a list's sort key, in order: what a cursor of that list must hold. */
export type KeyType = "integer" | "timestamptz";

/** An int4 as PostgreSQL prints it. */
function isIntegerKey(value: string): boolean {
  return /^-?\d{1,10}$/.test(value) && Math.abs(Number(value)) <= 2_147_483_647;
}

/** A timestamptz as PostgreSQL prints it, that exists (2026-02-30 does not). */
function isTimeKey(value: string): boolean {
  const time = value.match(
    /^(\d{4})-(\d{2})-(\d{2})[ T](\d{2}):(\d{2}):(\d{2})(?:\.\d{1,6})?(?:Z|[+-]\d{2}(?::?\d{2})?)?$/,
  );
  if (!time) return false;
  const [year, month, day, hour, minute, second] = time.slice(1).map(Number) as [
    number,
    number,
    number,
    number,
    number,
    number,
  ];
  const date = new Date(Date.UTC(year, month - 1, day, hour, minute, second));
  return (
    year >= 1970 &&
    date.getUTCMonth() === month - 1 &&
    date.getUTCDate() === day &&
    date.getUTCHours() === hour &&
    date.getUTCMinutes() === minute &&
    date.getUTCSeconds() === second
  );
}

const keyCursor = z.object({
  list: z.string(),
  // Checked here so that a made-up key is a 422, never a failing cast in SQL.
  key: z
    .array(
      z
        .string()
        .max(40)
        .refine((v) => isIntegerKey(v) || isTimeKey(v)),
    )
    .max(4),
  id: z.number().int().positive().max(2_147_483_647),
});
const offsetCursor = z.object({ list: z.string(), offset: z.number().int().min(0).max(10_000) });

function encode(value: unknown): string {
  return Buffer.from(JSON.stringify(value)).toString("base64url");
}

function decode<T>(cursor: string, schema: z.ZodType<T>, list: string): T {
  try {
    const parsed = schema.safeParse(JSON.parse(Buffer.from(cursor, "base64url").toString("utf8")));
    if (parsed.success && (parsed.data as { list: string }).list === list) return parsed.data;
  } catch {
    // Not base64url JSON: the same refusal below.
  }
  throw new ApiError("validation", API_MESSAGES.cursor, { field: "cursor" });
}

/** The cursor after a row of a keyset-paged list (`list` names the list and its sort). */
export function keyCursorAfter(list: string, after: KeyCursor): string {
  return encode({ list, key: after.key, id: after.id });
}

/**
 * The position a cursor of `list` names. Its key must have the list's parts, each of its type (`types`): a key
 * of the right list with a date where a number goes (or one part too few) is the same 422 as a made-up cursor.
 */
export function readKeyCursor(
  list: string,
  cursor: string | undefined,
  types: readonly KeyType[],
): KeyCursor | null {
  if (!cursor) return null;
  const { key, id } = decode(cursor, keyCursor, list);
  const fits =
    key.length === types.length &&
    key.every((value, i) => (types[i] === "integer" ? isIntegerKey(value) : isTimeKey(value)));
  if (!fits) throw new ApiError("validation", API_MESSAGES.cursor, { field: "cursor" });
  return { key, id };
}

/** The cursor of a ranked list: how many rows came before the next page. */
export function offsetCursorAt(list: string, offset: number): string {
  return encode({ list, offset });
}

export function readOffsetCursor(list: string, cursor: string | undefined): number {
  if (!cursor) return 0;
  return decode(cursor, offsetCursor, list).offset;
}

/** Past this position a ranked list stops (deep pages of a relevance ranking are not worth their cost). */
export const OFFSET_MAX = 10_000;
