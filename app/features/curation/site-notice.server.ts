// The site-wide notice administrators put above every page ("Manutenção no sábado às 22h"), with an optional
// link and end. Every page reads it, so each app server remembers it until an administrator changes it
// (app/lib/curation.server.ts); an ended notice disappears by itself (cached pages within their minute).
import { eq } from "drizzle-orm";
import { siteSettings } from "#db/schema.ts";
import {
  curationChangedHere,
  announceCurationChange,
  forgetWhenCurationChanges,
} from "#app/lib/curation.server.ts";
import { getDb } from "#app/lib/db.server.ts";
import { shortCache } from "#app/lib/short-cache.server.ts";
import { AppError } from "#app/lib/errors.ts";
import { requireAdmin } from "#app/lib/permissions.ts";
import type { Viewer } from "#app/lib/viewer.ts";
import { logModeration } from "#app/features/moderation/moderation-log.server.ts";
import { CURATION_MESSAGES, SITE_NOTICE_MAX, type SiteNotice, type SiteNoticeTone } from "./rules.ts";

const NOTICE_KEY = "site_notice";

/**
 * Remembered until an administrator changes it; the five minutes only bound how long a server that missed the
 * announcement (its LISTEN connection was being re-made) keeps an old notice.
 */
const remembered = shortCache<SiteNotice | null>(5 * 60_000, 1);
forgetWhenCurationChanges(() => remembered.clear());

function parseNotice(value: Record<string, unknown> | undefined): SiteNotice | null {
  if (!value || typeof value.text !== "string" || !value.text) return null;
  return {
    text: value.text,
    tone: value.tone === "warning" ? "warning" : "info",
    link: typeof value.link === "string" && value.link ? value.link : null,
    endsAt: typeof value.endsAt === "string" && value.endsAt ? value.endsAt : null,
  };
}

/** The notice as an administrator left it, ended or not (the admin page's form). */
export function storedSiteNotice(): Promise<SiteNotice | null> {
  return remembered.get(NOTICE_KEY, async () => {
    const db = await getDb();
    const [row] = await db
      .select({ value: siteSettings.value })
      .from(siteSettings)
      .where(eq(siteSettings.key, NOTICE_KEY));
    return parseNotice(row?.value);
  });
}

/** The notice every page shows now: none once its end has passed. */
export async function currentSiteNotice(now = new Date()): Promise<SiteNotice | null> {
  const notice = await storedSiteNotice();
  if (!notice) return null;
  if (notice.endsAt && new Date(notice.endsAt).getTime() <= now.getTime()) return null;
  return notice;
}

/** A link the notice may carry: a page of this site or an https address. */
function checkLink(link: string): string | null {
  const value = link.trim();
  if (!value) return null;
  // A path of this site: never "//host" or "/\host", which browsers take for another site.
  if (/^\/(?![/\\])[^\s\\]*$/.test(value)) return value;
  try {
    const url = new URL(value);
    if (url.protocol === "https:" && !/\s/.test(value)) return url.toString();
  } catch {
    // Falls through to the message below.
  }
  throw new AppError("validation", CURATION_MESSAGES.noticeLinkInvalid, { field: "link" });
}

/** `endsAt` as the form's datetime-local sends it (São Paulo time, as the whole site shows dates). */
function checkEnd(endsAt: string, now: Date): string | null {
  const value = endsAt.trim();
  if (!value) return null;
  const match = /^(\d{4}-\d{2}-\d{2})T(\d{2}:\d{2})$/.exec(value);
  const when = match ? new Date(`${match[1]}T${match[2]}:00-03:00`) : new Date(Number.NaN);
  if (Number.isNaN(when.getTime())) {
    throw new AppError("validation", CURATION_MESSAGES.noticeEndInvalid, { field: "endsAt" });
  }
  if (when.getTime() <= now.getTime()) {
    throw new AppError("validation", CURATION_MESSAGES.noticeEndPast, { field: "endsAt" });
  }
  return when.toISOString();
}

/** Puts up (or replaces) the notice; logged. */
export async function setSiteNotice(
  viewer: Viewer | null,
  input: { text: string; tone: string; link: string; endsAt: string },
  now = new Date(),
): Promise<SiteNotice> {
  const admin = requireAdmin(viewer, CURATION_MESSAGES.adminsOnly);
  const text = input.text.replace(/\s+/g, " ").trim();
  if (!text) throw new AppError("validation", CURATION_MESSAGES.noticeRequired, { field: "text" });
  if (text.length > SITE_NOTICE_MAX) {
    throw new AppError("validation", CURATION_MESSAGES.noticeTooLong, { field: "text" });
  }
  const tone: SiteNoticeTone = input.tone === "warning" ? "warning" : "info";
  const notice: SiteNotice = { text, tone, link: checkLink(input.link), endsAt: checkEnd(input.endsAt, now) };
  const db = await getDb();
  await db.transaction(async (tx) => {
    await tx
      .insert(siteSettings)
      .values({ key: NOTICE_KEY, value: notice, updatedBy: admin.id })
      .onConflictDoUpdate({
        target: siteSettings.key,
        set: { value: notice, updatedBy: admin.id, updatedAt: now },
      });
    await logModeration(tx, { actorId: admin.id, action: "site_notice", reason: `Publicou: ${text}` });
    await announceCurationChange(tx);
  });
  curationChangedHere();
  return notice;
}

/** Takes the notice down; logged. */
export async function clearSiteNotice(viewer: Viewer | null): Promise<void> {
  const admin = requireAdmin(viewer, CURATION_MESSAGES.adminsOnly);
  const db = await getDb();
  await db.transaction(async (tx) => {
    const [row] = await tx
      .delete(siteSettings)
      .where(eq(siteSettings.key, NOTICE_KEY))
      .returning({ value: siteSettings.value });
    if (!row) throw new AppError("not_found", CURATION_MESSAGES.noticeMissing);
    await logModeration(tx, {
      actorId: admin.id,
      action: "site_notice",
      reason: `Retirou: ${parseNotice(row.value)?.text ?? ""}`,
    });
    await announceCurationChange(tx);
  });
  curationChangedHere();
}
