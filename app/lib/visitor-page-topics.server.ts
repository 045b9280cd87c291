// How loaders and actions tell the visitor page cache what a page shows and what a write changed (ADR 028).
// A page names its own topic; a write names the topics it touched, or says it changed nothing visitors see.
// A member's write that says nothing changes "everything" (the root middleware's default): forgetting to
// declare costs speed, never freshness.
import type { RouterContextProvider } from "react-router";
import { visitorPageContext, type PageTopic } from "./context.ts";

export const topic = {
  question: (id: number): PageTopic => `question:${id}`,
  post: (id: number): PageTopic => `post:${id}`,
  member: (id: number): PageTopic => `member:${id}`,
};

type Context = Readonly<RouterContextProvider>;

/** The page shows these topics: a write to any of them reaches its visitors at once. */
export function pageShows(context: Context, ...topics: PageTopic[]): void {
  const note = context.get(visitorPageContext);
  note.topics = [...(note.topics ?? []), ...topics];
}

/**
 * This write changed the pages of these topics (refreshed at once); lists and every other page may lag a few
 * seconds. With no topic, only those change (a new member on the members' list, a tag's follower count).
 */
export function writeChanges(context: Context, ...topics: PageTopic[]): void {
  const note = context.get(visitorPageContext);
  const before = typeof note.changes === "object" ? note.changes.topics : [];
  note.changes = { topics: [...before, ...topics] };
}

/** This write changed nothing any visitor sees (a private setting, a sign-out, an upload not yet used). */
export function writeChangesNothingVisitorsSee(context: Context): void {
  context.get(visitorPageContext).changes = "nothing";
}
