// Markdown (GFM) to HTML, for the texts the REST API takes in Markdown (ADR 036). The HTML is then sanitised by
// the feature functions with the site's one allow-list sanitiser when saved (ADR 004).
//
// `marked` runs on a thread of its own, one text at a time, each with a time budget: some texts cost it
// quadratic time, and on the request thread one of them stalled every page of the site for seconds. A text
// that overruns its budget is refused (`MarkdownTooComplex`) and the thread is replaced.
import { Worker } from "node:worker_threads";
import type { MarkdownReply, MarkdownRequest } from "./markdown-thread.server.ts";

/** How long one text may take. A 100,000-character README converts in a few milliseconds. */
export const MARKDOWN_BUDGET_MS = 1_000;

/** A text the converter could not turn into HTML within its budget (or at all). */
export class MarkdownTooComplex extends Error {
  constructor() {
    super("markdown too complex to convert");
    this.name = "MarkdownTooComplex";
  }
}

// From app/lib/ in the sources and from build/server/ in the build alike (both two folders below the root).
const THREAD = new URL("../../app/lib/markdown-thread.server.ts", import.meta.url);

type Pending = { markdown: string; resolve: (html: string) => void; reject: (error: Error) => void };

let worker: Worker | null = null;
let nextId = 1;
let current: (Pending & { id: number; timer: NodeJS.Timeout }) | null = null;
const queue: Pending[] = [];

function thread(): Worker {
  if (worker) return worker;
  const started = new Worker(THREAD);
  // Never what keeps the process alive (shutdown does not need to close it).
  started.unref();
  started.on("message", (reply: MarkdownReply) => {
    if (!current || reply.id !== current.id) return;
    const done = current;
    current = null;
    clearTimeout(done.timer);
    if ("html" in reply) done.resolve(reply.html);
    else done.reject(new MarkdownTooComplex());
    sendNext();
  });
  started.on("error", () => replaceThread(new MarkdownTooComplex()));
  worker = started;
  return started;
}

/** Ends the thread (stuck or failed): the text it held is refused, the ones waiting go to a new thread. */
function replaceThread(error: Error) {
  const stuck = worker;
  worker = null;
  void stuck?.terminate();
  if (current) {
    clearTimeout(current.timer);
    current.reject(error);
    current = null;
  }
  sendNext();
}

function sendNext() {
  if (current) return;
  const next = queue.shift();
  if (!next) return;
  const id = nextId++;
  const timer = setTimeout(() => replaceThread(new MarkdownTooComplex()), MARKDOWN_BUDGET_MS);
  current = { ...next, id, timer };
  thread().postMessage({ id, markdown: next.markdown } satisfies MarkdownRequest);
}

/** The HTML of `markdown`; rejects with `MarkdownTooComplex` when it cannot be converted within the budget. */
export function markdownToHtml(markdown: string): Promise<string> {
  return new Promise((resolve, reject) => {
    queue.push({ markdown: markdown.replace(/\r\n?/g, "\n"), resolve, reject });
    sendNext();
  });
}
