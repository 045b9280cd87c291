// Markdown (GFM) to HTML, for the texts the REST API takes in Markdown (ADR 036). The HTML is then sanitised by
// the feature functions with the site's one allow-list sanitiser when saved (ADR 004).
//
// `marked` runs on a thread of its own, one text at a time, each with a time budget: some texts cost it
// quadratic time, and on the request thread one of them stalled every page of the site for seconds. A text
// that overruns its budget is refused (`MarkdownTooComplex`) and the thread is replaced. The line is bounded per
// sender and in all: a flood from one token is refused at once (`MarkdownBusy`, a 429 with Retry-After) instead
// of making everyone's texts, and the requests that carry them, wait behind it.
import { Worker } from "node:worker_threads";
import type { MarkdownReply, MarkdownRequest } from "./markdown-thread.server.ts";

/**
 * How long one text may take on the converter's thread, counted from when the thread starts on it (never its
 * wait in line, nor a new thread's start-up). A 100,000-character README converts in a few milliseconds; the
 * review's "_a" × 50,000 takes seconds.
 */
export const MARKDOWN_BUDGET_MS = 200;
/** Texts one sender (a member, a token) may have converting or waiting at once: the rest are refused. */
export const MARKDOWN_PENDING_PER_SENDER = 2;
/** Texts converting or waiting, all senders together: past it, new texts are refused at once. */
const MARKDOWN_PENDING_MAX = 16;

/** A text the converter could not turn into HTML within its budget (or at all). */
export class MarkdownTooComplex extends Error {
  constructor() {
    super("markdown too complex to convert");
    this.name = "MarkdownTooComplex";
  }
}

/** The converter has as many texts as it takes (from this sender, or from everyone): try again shortly. */
export class MarkdownBusy extends Error {
  readonly retryAfterSeconds = 1;
  constructor() {
    super("markdown converter busy");
    this.name = "MarkdownBusy";
  }
}

// From app/lib/ in the sources and from build/server/ in the build alike (both two folders below the root).
const THREAD = new URL("../../app/lib/markdown-thread.server.ts", import.meta.url);

type Pending = {
  markdown: string;
  sender: string;
  resolve: (html: string) => void;
  reject: (error: Error) => void;
};

let worker: { thread: Worker; ready: boolean } | null = null;
let nextId = 1;
let current: (Pending & { id: number; timer?: NodeJS.Timeout }) | null = null;
const queue: Pending[] = [];
const perSender = new Map<string, number>();

function thread() {
  if (worker) return worker;
  const started = { thread: new Worker(THREAD), ready: false };
  // Never what keeps the process alive (shutdown does not need to close it).
  started.thread.unref();
  started.thread.on("message", (reply: MarkdownReply) => {
    if (worker !== started) return;
    if ("ready" in reply) {
      started.ready = true;
      startBudget();
      return;
    }
    if (!current || reply.id !== current.id) return;
    const done = current;
    finish(done);
    if ("html" in reply) done.resolve(reply.html);
    else done.reject(new MarkdownTooComplex());
    sendNext();
  });
  started.thread.on("error", () => {
    if (worker === started) replaceThread(new MarkdownTooComplex());
  });
  worker = started;
  return started;
}

/** The text on the thread leaves it: its timer and its place in its sender's count. */
function finish(done: NonNullable<typeof current>) {
  current = null;
  clearTimeout(done.timer);
  const left = (perSender.get(done.sender) ?? 1) - 1;
  if (left > 0) perSender.set(done.sender, left);
  else perSender.delete(done.sender);
}

/** The budget of the text on the thread runs from when the thread is ready to work on it. */
function startBudget() {
  if (!current || current.timer || !worker?.ready) return;
  current.timer = setTimeout(() => replaceThread(new MarkdownTooComplex()), MARKDOWN_BUDGET_MS);
}

/** Ends the thread (stuck or failed): the text it held is refused, the ones waiting go to a new thread. */
function replaceThread(error: Error) {
  const stuck = worker;
  worker = null;
  void stuck?.thread.terminate();
  if (current) {
    const done = current;
    finish(done);
    done.reject(error);
  }
  sendNext();
}

function sendNext() {
  if (current) return;
  const next = queue.shift();
  if (!next) return;
  const id = nextId++;
  current = { ...next, id };
  const { thread: target } = thread();
  target.postMessage({ id, markdown: next.markdown } satisfies MarkdownRequest);
  startBudget();
}

/**
 * The HTML of `markdown`; rejects with `MarkdownTooComplex` when it cannot be converted within the budget, and at
 * once with `MarkdownBusy` when `sender` (or everyone) already has as many texts in line as the converter takes,
 * so one token cannot make every other member's text wait behind its own.
 */
export function markdownToHtml(markdown: string, sender = "anônimo"): Promise<string> {
  const pending = (current ? 1 : 0) + queue.length;
  const mine = perSender.get(sender) ?? 0;
  if (pending >= MARKDOWN_PENDING_MAX || mine >= MARKDOWN_PENDING_PER_SENDER) {
    return Promise.reject(new MarkdownBusy());
  }
  perSender.set(sender, mine + 1);
  return new Promise((resolve, reject) => {
    queue.push({ markdown: markdown.replace(/\r\n?/g, "\n"), sender, resolve, reject });
    sendNext();
  });
}
