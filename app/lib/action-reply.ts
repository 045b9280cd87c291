// The one shape of every action's answer to a form, a page's or a fetcher's (a vote, a follow, a comment, a
// settings section): which form answered, whether it did what was asked, what the person reads, and, for a form
// validated with Conform, its result (the messages beside the fields, the typed values kept). A page adds what
// only it needs (the post a small form belongs to, a new count) beside these.
import type { SubmissionResult } from "@conform-to/react";

export type ActionReply = {
  /** Which of the page's forms answered (its intent, or its id), so the message shows by that form. */
  intent?: string;
  /** Whether it did what was asked. */
  ok?: boolean;
  /** What the person reads: the confirmation, or why it was refused. */
  message?: string;
  /** The field a refusal is about, for forms that are not Conform's. */
  field?: string;
  /** Conform's result, for a form validated with it. */
  result?: SubmissionResult<string[]>;
};

/** A fetcher's answer: done, with what changed, or refused, with why. */
export type FetcherReply<Done extends object> =
  (ActionReply & { ok: true } & Done) | (ActionReply & { ok: false; message: string });
