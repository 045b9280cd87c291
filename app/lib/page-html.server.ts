// Long rich text (a question, its answers, a post) is the bulk of a page, and React Router would send it twice
// in a document response: once as HTML and once inside the hydration data. On document requests a loader
// hands it to the render instead and keeps a reference; the browser's RichText adopts the HTML already in
// the page (app/components/rich-text.tsx). Data requests (client navigation, revalidation) carry the HTML.
import { hash } from "node:crypto";
import { LRUCache } from "lru-cache";
import { renderToString } from "react-dom/server";
import type { RouterContextProvider } from "react-router";
import type { PageHtml } from "./page-html.ts";
import { pageFragmentsOfStore, type FragmentScope } from "./page-html-fragment.tsx";
import { pageHtmlContext } from "./context.ts";
import { env } from "./env.server.ts";

/**
 * `html` (already sanitised) as loader data: itself, or on a document request a reference to it. `ref` must
 * be unique on the page (e.g. `answer-12`).
 */
export function pageHtml(context: Readonly<RouterContextProvider>, ref: string, html: string): PageHtml {
  const note = context.get(pageHtmlContext);
  if (!note.document || html === "") return html;
  note.html.set(ref, html);
  return { ref };
}

/** Fragments kept per version of their data, at most this many (different viewers' rights, addresses). */
const MAX_FRAGMENTS = 2000;
const PENDING = Symbol("rendering");

/** Where fragments are kept: a page's memo (a Map its owner empties) or the frame's, which forgets by itself. */
type FragmentMemo = Map<string, unknown> | LRUCache<string, string | symbol>;

/**
 * Lets this document request's render reuse fragments kept in `memo` (which the caller empties, or drops,
 * when their data changes) and keep new ones there (KeptElement, app/lib/page-html-fragment.tsx). A new
 * fragment is rendered once, after the response is under way; markup that would differ when rendered alone
 * (a boundary still waiting, an error) is never kept. Under `react-router dev` nothing is kept: components change
 * under the running server, and a kept fragment (the header's above all, whose key never changes) would outlive
 * its code.
 */
export function keepPageFragments(
  context: Readonly<RouterContextProvider>,
  memo: FragmentMemo,
  scope: FragmentScope = "page",
): void {
  const note = context.get(pageHtmlContext);
  if (!note.document || env().NODE_ENV === "development") return;
  const slot = (key: string) => `fragment ${hash("sha256", key, "base64url")}`;
  const scopes = pageFragmentsOfStore.get(note.html) ?? {};
  pageFragmentsOfStore.set(note.html, scopes);
  scopes[scope] = {
    get(key) {
      const value = memo.get(slot(key));
      return typeof value === "string" ? value : undefined;
    },
    keep(key, element) {
      const at = slot(key);
      if (memo.has(at) || (memo instanceof Map && memo.size >= MAX_FRAGMENTS)) return;
      memo.set(at, PENDING);
      setImmediate(() => {
        try {
          const html = renderToString(element);
          if (/<!--\$[?!]-->|<template/.test(html)) memo.delete(at);
          else memo.set(at, html);
        } catch {
          memo.delete(at);
        }
      });
    },
  };
}

/**
 * The frame's fragments (the header, by what it shows: the member's block, the current section), for every
 * page. A member's header is rendered once and reused on each page they read until something in it changes;
 * the least recently used go first.
 */
const frameFragments = new LRUCache<string, string | symbol>({ max: MAX_FRAGMENTS });

/** `keepPageFragments` for the frame around every page (the site layout's loader asks for it). */
export function keepFrameFragments(context: Readonly<RouterContextProvider>): void {
  keepPageFragments(context, frameFragments, "frame");
}

/** Fragments rendered from a shared value, kept as long as that value is (see `keepFragmentsOf`). */
const fragmentsOfValue = new WeakMap<object, Map<string, unknown>>();

/**
 * `keepPageFragments` for a page built from one shared value (a page of a list many members read, from
 * `sharedListPages`): its fragments live as long as the value does, and a new value starts afresh.
 */
export function keepFragmentsOf(context: Readonly<RouterContextProvider>, value: object): void {
  let memo = fragmentsOfValue.get(value);
  if (!memo) fragmentsOfValue.set(value, (memo = new Map()));
  keepPageFragments(context, memo);
}
