// Parts of a page that render the same for many requests (an answer with its author and comments, for every
// member whose votes, follows and rights on it are the same) are rendered once and reused (ADR 031). On the
// server, a loader hands the request a store of rendered fragments (keepPageFragments in page-html.server.ts);
// `KeptElement` then writes a known fragment as its element's inner HTML instead of rendering its children,
// and has a new one rendered once, after the response, for the next request. In the browser there is no
// store: React renders the children and hydrates them against that HTML, which is exactly what they render.
// Two scopes: a page's parts live with its data's version; the frame's (the header every page shows) are kept
// across pages, by what they show.
import { createElement, Fragment, useContext, type Context, type ReactElement, type ReactNode } from "react";
import {
  UNSAFE_DataRouterContext,
  UNSAFE_DataRouterDataContext,
  UNSAFE_DataRouterNavigationContext,
  UNSAFE_DataRouterStateContext,
  UNSAFE_FetchersContext,
  UNSAFE_FrameworkContext,
  UNSAFE_LocationContext,
  UNSAFE_NavigationContext,
  UNSAFE_RouteContext,
  UNSAFE_ViewTransitionContext,
  renderMatches,
  useLocation,
} from "react-router";
import { PageHtmlStore } from "./page-html.ts";

/** Server only: the fragments of this request's page, kept for the current version of their data. */
export type PageFragments = {
  get(key: string): string | undefined;
  /** Renders `element` to HTML once, off the request's path, and keeps it under `key`. */
  keep(key: string, element: ReactElement): void;
};

/** `page`: kept with the page's data, by address. `frame`: kept across pages, by what the key names alone. */
export type FragmentScope = "page" | "frame";

/** By the request's page HTML store (one per document request), so nothing outlives the request's render. */
export const pageFragmentsOfStore = new WeakMap<
  ReadonlyMap<string, string>,
  Partial<Record<FragmentScope, PageFragments>>
>();

/**
 * Every context a fragment's components may read: React Router's (fetchers, links, forms, the location) and
 * the page's HTML store. The route's own contexts (its id, which fetchers need) are only provided by React
 * Router's route element, so the fragment is rendered as the current route's element (`renderMatches`). With
 * the same values it is the same markup.
 */
function useRenderContexts(): (children: ReactNode) => ReactElement {
  const route = useContext(UNSAFE_RouteContext);
  const values = [
    [UNSAFE_DataRouterContext, useContext(UNSAFE_DataRouterContext)],
    [UNSAFE_DataRouterDataContext, useContext(UNSAFE_DataRouterDataContext)],
    [UNSAFE_DataRouterNavigationContext, useContext(UNSAFE_DataRouterNavigationContext)],
    [UNSAFE_DataRouterStateContext, useContext(UNSAFE_DataRouterStateContext)],
    [UNSAFE_FetchersContext, useContext(UNSAFE_FetchersContext)],
    [UNSAFE_FrameworkContext, useContext(UNSAFE_FrameworkContext)],
    [UNSAFE_LocationContext, useContext(UNSAFE_LocationContext)],
    [UNSAFE_NavigationContext, useContext(UNSAFE_NavigationContext)],
    [UNSAFE_ViewTransitionContext, useContext(UNSAFE_ViewTransitionContext)],
    [PageHtmlStore, useContext(PageHtmlStore)],
  ] as const;
  return (children) => {
    const current = route.matches.at(-1);
    const element = createElement(Fragment, null, children);
    const asRoute = current
      ? renderMatches([
          {
            ...current,
            route: {
              ...current.route,
              element,
              Component: undefined,
              ErrorBoundary: undefined,
              errorElement: undefined,
              HydrateFallback: undefined,
              hydrateFallbackElement: undefined,
            },
          },
        ])
      : null;
    return values.reduceRight<ReactElement>(
      (inner, [context, value]) => createElement((context as Context<unknown>).Provider, { value }, inner),
      asRoute ?? element,
    );
  };
}

/**
 * `tag` with `attributes` around `children`; on the server, its inner HTML from the request's fragments when
 * they hold `fragmentKey()`. The key must name everything the children render from (their props, whoever
 * reads them). In a page's scope the address is added here, since forms and links render it; a frame's part is
 * shared by every page, so its key names what of the address it shows, and its links and forms are absolute.
 */
export function KeptElement({
  tag,
  attributes,
  fragmentKey,
  scope = "page",
  children,
}: {
  tag: "article" | "div" | "header" | "li" | "ol" | "section";
  attributes: Record<string, string | undefined>;
  fragmentKey: () => string;
  scope?: FragmentScope;
  children: ReactNode;
}) {
  const store = useContext(PageHtmlStore);
  const fragments = store ? pageFragmentsOfStore.get(store)?.[scope] : undefined;
  const location = useLocation();
  const withContexts = useRenderContexts();
  if (!fragments) return createElement(tag, attributes, children);
  const key = scope === "page" ? `${location.pathname}${location.search}\n${fragmentKey()}` : fragmentKey();
  const html = fragments.get(key);
  if (html !== undefined)
    return createElement(tag, { ...attributes, dangerouslySetInnerHTML: { __html: html } });
  fragments.keep(key, withContexts(children));
  return createElement(tag, attributes, children);
}
