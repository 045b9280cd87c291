// A request the app itself cancelled is not an error. React Router aborts a fetcher's work when the fetcher goes
// away (a refusal thrown to the root's error boundary replaces the form that sent it), and the promise its own
// submit handler awaits then rejects with an AbortError nobody can catch: without this, every such moment is
// an "Uncaught (in promise)" in the console and in error reporting.

function ignoreAbort(event: PromiseRejectionEvent) {
  const reason: unknown = event.reason;
  if (reason instanceof DOMException && reason.name === "AbortError") event.preventDefault();
}

/** Keeps cancelled requests out of the unhandled errors while the app runs; returns the undo (an effect). */
export function ignoreAbortedRequests(): () => void {
  window.addEventListener("unhandledrejection", ignoreAbort);
  return () => window.removeEventListener("unhandledrejection", ignoreAbort);
}
