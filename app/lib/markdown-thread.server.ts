// The Markdown converter's own thread (a finding of the REST API's security review): `marked` is synchronous and
// some inputs cost it quadratic time ("_a" repeated 50,000 times takes seconds), so it never runs on the request
// thread; the caller (markdown.server.ts) gives each text a time budget and replaces this thread when one
// overruns it. Started by path from the sources and from the build alike, so it is plain Node TypeScript
// (erasable syntax only) and imports nothing of the app.
import { parentPort } from "node:worker_threads";
import { Marked } from "marked";

export type MarkdownRequest = { id: number; markdown: string };
export type MarkdownReply = { id: number; html: string } | { id: number; failed: true } | { ready: true };

const marked = new Marked({ gfm: true, breaks: false, async: false });

parentPort?.on("message", ({ id, markdown }: MarkdownRequest) => {
  let reply: MarkdownReply;
  try {
    reply = { id, html: marked.parse(markdown, { async: false }) };
  } catch {
    // A text nested too deep for the parser's recursion: the caller refuses it like one that takes too long.
    reply = { id, failed: true };
  }
  parentPort?.postMessage(reply);
});

// Loaded and listening: the caller starts a text's budget from here, never counting this thread's start-up.
parentPort?.postMessage({ ready: true } satisfies MarkdownReply);
