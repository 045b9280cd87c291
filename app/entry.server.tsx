import { createReadableStreamFromReadable } from "@react-router/node";
import { isbot } from "isbot";
import { renderToPipeableStream, type RenderToPipeableStreamOptions } from "react-dom/server";
import { ServerRouter, type EntryContext, type RouterContextProvider } from "react-router";
import { BatchedHtmlStream } from "./lib/batched-html-stream.server.ts";
import { PageHtmlStore } from "./lib/page-html.ts";
import { nonceContext, pageHtmlContext, viewerContext, visitorPageContext } from "./lib/context.ts";
import { parkHydrationScripts, shouldHydrateOnIntent } from "./lib/hydrate-on-intent.server.ts";
import { logger } from "./lib/logger.server.ts";
import { NonceProvider } from "./lib/nonce.tsx";

export const streamTimeout = 5_000;

export default function handleRequest(
  request: Request,
  responseStatusCode: number,
  responseHeaders: Headers,
  routerContext: EntryContext,
  loadContext: RouterContextProvider,
) {
  if (request.method.toUpperCase() === "HEAD") {
    return new Response(null, { status: responseStatusCode, headers: responseHeaders });
  }
  const nonce = loadContext.get(nonceContext);
  const hydrateOnIntent = shouldHydrateOnIntent({
    request,
    status: responseStatusCode,
    signedIn: loadContext.get(viewerContext) !== null,
    routerContext,
  });
  // The same pages, and only those, may be answered from the HTTP server's visitor cache.
  const visitorPage = loadContext.get(visitorPageContext);
  visitorPage.cacheable = hydrateOnIntent && responseStatusCode === 200;
  visitorPage.url = new URL(request.url).href;

  return new Promise<Response>((resolve, reject) => {
    let shellRendered = false;
    const userAgent = request.headers.get("user-agent");
    // Crawlers get the whole document at once; people get the shell as soon as it is ready.
    const readyOption: keyof RenderToPipeableStreamOptions =
      (userAgent && isbot(userAgent)) || routerContext.isSpaMode ? "onAllReady" : "onShellReady";
    let timeoutId: ReturnType<typeof setTimeout> | undefined = setTimeout(
      () => abort(),
      streamTimeout + 1000,
    );

    const { pipe, abort } = renderToPipeableStream(
      <NonceProvider value={nonce}>
        <PageHtmlStore value={loadContext.get(pageHtmlContext).html}>
          <ServerRouter context={routerContext} url={request.url} nonce={nonce} />
        </PageHtmlStore>
      </NonceProvider>,
      {
        nonce,
        // A finished Suspense boundary is always written in place. React otherwise moves large ones (past
        // 12.8 KB of a flush) to the end of the stream behind a fallback and swaps them in with a script,
        // which a reader without JavaScript never runs (the auth modal's forms).
        progressiveChunkSize: Number.POSITIVE_INFINITY,
        [readyOption]() {
          shellRendered = true;
          const rendered = new BatchedHtmlStream({
            final(callback) {
              clearTimeout(timeoutId);
              timeoutId = undefined;
              callback();
            },
          });
          responseHeaders.set("Content-Type", "text/html; charset=utf-8");
          pipe(rendered);
          const body = hydrateOnIntent ? rendered.pipe(parkHydrationScripts()) : rendered;
          resolve(
            new Response(createReadableStreamFromReadable(body), {
              headers: responseHeaders,
              status: responseStatusCode,
            }),
          );
        },
        onShellError(error: unknown) {
          reject(error);
        },
        onError(error: unknown) {
          responseStatusCode = 500;
          if (shellRendered) logger.error({ err: error }, "streaming render error");
        },
      },
    );
  });
}
