// Values the HTTP server and the root middleware put on React Router's request context.
import { createContext } from "react-router";
import type { Viewer } from "./viewer.ts";

/** The CSP nonce of this response (set by the HTTP server, server/app.ts). */
export const nonceContext = createContext<string>("");

/** The signed-in member asking, or null for a visitor (set by the root middleware). */
export const viewerContext = createContext<Viewer | null>(null);

/** The client's IP address as Express sees it (`req.ip`, proxies trusted per TRUST_PROXY); "" when unknown. */
export const clientIpContext = createContext<string>("");

/** What a visitor's page must redo when the HTTP server answers it from its cache (a view to count). */
export type VisitorPageEffect = { kind: "question-view"; questionId: number };

/**
 * What a page stands for in the visitor cache, and what a write changed (ADR 028): `question:12`, `post:3`,
 * `member:7`. A write drops at once the pages of the topics it names; every other kept page may lag a few
 * seconds (lists, counts, reputations shown beside other content).
 */
export type PageTopic = `question:${number}` | `post:${number}` | `member:${number}`;

/**
 * What a request changed for visitors: nothing (a failed sign-in, a private setting), the pages of some topics
 * at once and the rest a few seconds later (lists, counts; an empty list: only those), or everything at once
 * (a member's name, a write that said nothing about itself).
 */
export type VisitorPageChanges = "nothing" | "everything" | { topics: PageTopic[] };

/**
 * Notes the app leaves for the HTTP server's visitor page cache (server/visitor-page-cache.ts): whether this
 * response may be kept (a visitor's successful page that hydrates on intent), the topics it shows, what a
 * cached copy must redo when served, and what a write changed.
 */
export type VisitorPageNote = {
  cacheable: boolean;
  effects: VisitorPageEffect[];
  /** The topics whose writes must reach this page at once (its own question, post or member). */
  topics?: PageTopic[];
  /** The URL the page was rendered for: the cache keeps it under that URL only. */
  url?: string;
  /** Set by a write (or a GET that wrote, confirming an e-mail): what visitors' pages it changed. */
  changes?: VisitorPageChanges;
  /** Set by the HTTP server: called once the action has run, so its changes apply after the commit. */
  settled?: () => void;
};

export const visitorPageContext = createContext<VisitorPageNote>({ cacheable: false, effects: [] });

/**
 * Rich text that travels once (app/lib/page-html.server.ts): on a document request the loaders hand the HTML
 * of long bodies to the page's render here and keep only a reference in their data, so the hydration data
 * does not carry the same HTML a second time. `document` is set by the HTTP server for requests that render
 * HTML; for data requests (`.data`) and by default the HTML stays in the loader data.
 */
export type PageHtmlNote = { document: boolean; html: Map<string, string> };

export const pageHtmlContext = createContext<PageHtmlNote>({ document: false, html: new Map() });

/**
 * The route pattern React Router matched (`/questions/:id`), for the HTTP server's metrics (ADR 040): a fresh
 * note per request from the server, filled in by the root middleware. Never the address itself.
 */
export type RouteNote = { pattern?: string };

export const routeContext = createContext<RouteNote>({});

/**
 * Set when the HTTP server renders a member's page to keep for every member of the same standing (ADR 074,
 * server/member-page-templates.ts): the identity the page shows instead of the viewer's. The loaders read and
 * decide with the real viewer; only what they hand the page names the stand-in.
 */
export type PageIdentity = Pick<Viewer, "id" | "handle" | "name" | "email" | "avatarUrl"> & {
  /** The moment of the request, as the answer form's draft sync reads it (ISO 8601). */
  now: string;
};

export const shownIdentityContext = createContext<PageIdentity | null>(null);
