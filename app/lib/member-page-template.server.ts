// A member's page rendered once for every member who stands where they stand on it, with who they are put in
// its places (ADR 074). The page is rendered with a stand-in identity: values no page holds (a random token per
// process), which React writes into the HTML and React Router into the hydration data like any other value.
// The kept page is cut at each of them, and each response puts the member's own values back in, escaped for
// where they stand: HTML text and attributes as React escapes them, the hydration data as React Router writes its
// turbo-stream into the page (a JSON string of JSON, then HTML-escaped for a script).
//
// Values the components derive from the identity are among the forms below (the short name of the avatar's
// line, the generated avatar's address); any other use would leave a piece of the token in the page, and such a
// page is never kept. What a member sees besides who they are (rights, marks, unread notifications) is in the
// key the HTTP server keeps the page under (server/member-page-templates.ts), never in these places.
import { randomBytes, randomInt } from "node:crypto";
import { shortName } from "#app/components/avatar.tsx";
import { generatedAvatarUrl } from "./generated-avatar.ts";
import type { RouterContextProvider } from "react-router";
import { shownIdentityContext, type PageIdentity } from "./context.ts";
import type { Viewer } from "./viewer.ts";

export type { PageIdentity };

// Lower-case hexadecimal after a letter: unchanged by HTML and JSON escaping, URLs and lower-casing.
const token = `m${randomBytes(10).toString("hex")}`;

/** The stand-in identity a kept page is rendered with; the name has three words so its short form differs. */
export function standInIdentity(avatarUrl: boolean): PageIdentity {
  return STAND_IN_WITH[avatarUrl ? "photo" : "none"];
}

const STAND_IN_ID = 9_000_000_000_000 + randomInt(0, 2 ** 40);
const STAND_IN = {
  id: STAND_IN_ID,
  handle: `${token}h`,
  name: `${token}a ${token}b ${token}c`,
  email: `${token}e`,
  now: `${token}w`,
};
const STAND_IN_WITH = {
  none: { ...STAND_IN, avatarUrl: null },
  photo: { ...STAND_IN, avatarUrl: `${token}p` },
} satisfies Record<string, PageIdentity>;

/** React's escaping of text and attribute values. */
const escapeForHtml = (value: string) =>
  value
    .replaceAll("&", "&amp;")
    .replaceAll("<", "&lt;")
    .replaceAll(">", "&gt;")
    .replaceAll('"', "&quot;")
    .replaceAll("'", "&#x27;");

const SCRIPT_ESCAPES: Record<string, string> = {
  "&": "\\u0026",
  ">": "\\u003e",
  "<": "\\u003c",
  "\u2028": "\\u2028",
  "\u2029": "\\u2029",
};
/**
 * A string value of the hydration data as the page carries it: turbo-stream writes it as JSON, React Router puts
 * that line in a script as a JSON string, escaped for HTML (`streamController.enqueue(…)`).
 */
const inHydrationData = (value: string) =>
  JSON.stringify(JSON.stringify(value))
    .slice(1, -1)
    .replace(/[&><\u2028\u2029]/g, (match) => SCRIPT_ESCAPES[match]!);

/** Where in the page a stand-in value was found: in the HTML, or in the hydration data's script. */
type Where = "html" | "data";

type Form = { text: string; where: Where; value: (identity: PageIdentity) => string };

/** Every form the stand-in identity takes in a page, longest first where one holds another. */
const FORMS: Form[] = [
  { text: `\\"${STAND_IN.name}\\"`, where: "data", value: (i) => inHydrationData(i.name) },
  { text: `\\"${STAND_IN.handle}\\"`, where: "data", value: (i) => inHydrationData(i.handle) },
  { text: `\\"${STAND_IN.email}\\"`, where: "data", value: (i) => inHydrationData(i.email) },
  { text: `\\"${STAND_IN.now}\\"`, where: "data", value: (i) => inHydrationData(i.now) },
  { text: `\\"${token}p\\"`, where: "data", value: (i) => inHydrationData(i.avatarUrl ?? "") },
  { text: String(STAND_IN_ID), where: "data", value: (i) => String(i.id) },
  { text: STAND_IN.name, where: "html", value: (i) => escapeForHtml(i.name) },
  { text: shortName(STAND_IN.name), where: "html", value: (i) => escapeForHtml(shortName(i.name)) },
  {
    text: generatedAvatarUrl(STAND_IN.handle),
    where: "html",
    value: (i) => escapeForHtml(generatedAvatarUrl(i.handle)),
  },
  { text: STAND_IN.handle, where: "html", value: (i) => escapeForHtml(i.handle) },
  { text: STAND_IN.email, where: "html", value: (i) => escapeForHtml(i.email) },
  { text: `${token}p`, where: "html", value: (i) => escapeForHtml(i.avatarUrl ?? "") },
  { text: String(STAND_IN_ID), where: "html", value: (i) => String(i.id) },
];

const escapeRegExp = (text: string) => text.replace(/[.*+?^${}()|[\]\\/]/g, "\\$&");
// A number stands alone: not a piece of a longer one.
const pattern = (forms: Form[]) =>
  new RegExp(
    forms
      .map((form) => (/^\d+$/.test(form.text) ? `(?<!\\d)${form.text}(?!\\d)` : escapeRegExp(form.text)))
      .join("|"),
    "g",
  );
const FORMS_IN = {
  html: {
    forms: FORMS.filter((f) => f.where === "html"),
    find: pattern(FORMS.filter((f) => f.where === "html")),
  },
  data: {
    forms: FORMS.filter((f) => f.where === "data"),
    find: pattern(FORMS.filter((f) => f.where === "data")),
  },
};

/**
 * The hydration data's first script, found by the render's nonce (no member's text can hold it): everything after
 * it is React Router's data, everything before the HTML.
 */
const dataStart = (nonce: string) =>
  `<script nonce="${nonce}">window.__reactRouterContext.streamController.enqueue(`;

/** A place in a kept page: the response's nonce, or one of the identity's values as it stands there. */
type Hole = { kind: "nonce" } | { kind: "identity"; value: Form["value"] };

/** A page cut at its holes: `parts[i]`, then `holes[i]`, …, then the last part. */
export type PageTemplate = { parts: Buffer[]; holes: Hole[] };

/**
 * The page rendered with the stand-in identity and `nonce`, cut at every place they stand; null when the page
 * cannot be kept that way: a piece of the token left where no form was found (a value derived from the identity
 * in a way these forms do not know), or the member who asked for it named in it by their own values.
 */
export function cutAtIdentity(page: string, nonce: string, renderedFor: PageIdentity): PageTemplate | null {
  const start = page.indexOf(dataStart(nonce));
  const sections: Array<[string, Where]> =
    start === -1
      ? [[page, "html"]]
      : [
          [page.slice(0, start), "html"],
          [page.slice(start), "data"],
        ];
  // The page as text between holes: the identity's places first, then each text cut at the nonce.
  const texts: string[] = [""];
  const holes: Hole[] = [];
  const hole = (next: Hole) => {
    holes.push(next);
    texts.push("");
  };
  const text = (piece: string) => {
    const [first = "", ...rest] = piece.split(nonce);
    texts[texts.length - 1] += first;
    for (const after of rest) {
      hole({ kind: "nonce" });
      texts[texts.length - 1] += after;
    }
  };
  for (const [section, where] of sections) {
    const { forms, find } = FORMS_IN[where];
    let last = 0;
    for (const match of section.matchAll(find)) {
      text(section.slice(last, match.index));
      hole({ kind: "identity", value: forms.find((form) => form.text === match[0])!.value });
      last = match.index + match[0].length;
    }
    text(section.slice(last));
  }
  if (texts.some((piece) => piece.includes(token))) return null;
  if (namesMember(page, renderedFor)) return null;
  return { parts: texts.map((piece) => Buffer.from(piece)), holes };
}

/**
 * Whether the page shows the member it was rendered for by their own values outside the identity's places (a
 * loader that put their name in its data): a kept copy would show that member to the others.
 */
function namesMember(page: string, member: PageIdentity): boolean {
  return (
    page.includes(escapeForHtml(member.email)) ||
    page.includes(inHydrationData(member.email)) ||
    page.includes(`/u/${member.handle}"`) ||
    page.includes(inHydrationData(member.handle)) ||
    page.includes(inHydrationData(member.name))
  );
}

/** What goes in each hole of `template` for this response. */
export function fillers(template: PageTemplate, identity: PageIdentity, nonce: string): Buffer[] {
  const nonceBytes = Buffer.from(nonce);
  return template.holes.map((hole) =>
    hole.kind === "nonce" ? nonceBytes : Buffer.from(hole.value(identity)),
  );
}

/** The identity a page shows for `viewer` at this moment. */
export function identityOf(viewer: Viewer, now = new Date()): PageIdentity {
  const { id, handle, name, email, avatarUrl } = viewer;
  return { id, handle, name, email, avatarUrl, now: now.toISOString() };
}

/** The viewer as the page names them: themselves, or the stand-in when the page is kept for others. */
export function shownViewer(context: Readonly<RouterContextProvider>, viewer: Viewer | null): Viewer | null {
  const shown = context.get(shownIdentityContext);
  if (!viewer || !shown) return viewer;
  const { id, handle, name, email, avatarUrl } = shown;
  return { ...viewer, id, handle, name, email, avatarUrl };
}

/** The moment the page says it was made (ISO 8601): now, or the stand-in's. */
export function shownNow(context: Readonly<RouterContextProvider>): string {
  return context.get(shownIdentityContext)?.now ?? new Date().toISOString();
}
