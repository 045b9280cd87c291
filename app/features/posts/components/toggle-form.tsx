// The like and favourite toggles: a form that posts the state asked for to a small resource route. Before
// JavaScript it is a plain form (the route sends the browser back to `redirectTo`); after, a fetcher shows
// the new state at once and the loaders' fresh data confirms it (or puts it back on an error).
import type { ReactNode } from "react";
import { useFetcher, useLocation } from "react-router";
import type { ToggleActionData } from "../schemas.ts";
import { useHydrated } from "#app/lib/use-hydrated.ts";
import { useSignInFirst } from "#app/lib/sign-in-first.ts";

type ToggleState = { on: boolean; count: number; error: string | null };

export function useToggle(kind: "like" | "favorite", postId: number, on: boolean, count: number) {
  const fetcher = useFetcher<ToggleActionData>({ key: `${kind}-${postId}` });
  const pending = fetcher.formData?.get("value");
  let state: ToggleState = { on, count, error: null };
  if (pending === "on" || pending === "off") {
    const wanted = pending === "on";
    state = { on: wanted, count: Math.max(0, count + (wanted === on ? 0 : wanted ? 1 : -1)), error: null };
  } else if (fetcher.state === "idle" && fetcher.data) {
    state = fetcher.data.ok
      ? { on: fetcher.data.value, count: kind === "like" ? fetcher.data.count : count, error: null }
      : { on, count, error: fetcher.data.message };
  }
  return { fetcher, state };
}

export function ToggleForm({
  fetcher,
  kind,
  action,
  postId,
  next,
  className,
  children,
}: {
  fetcher: ReturnType<typeof useToggle>["fetcher"];
  kind: "like" | "favorite";
  action: string;
  postId: number;
  /** The state this submission asks for. */
  next: boolean;
  className?: string;
  children: ReactNode;
}) {
  const location = useLocation();
  const hydrated = useHydrated();
  // A visitor signs in in the modal first; the state asked for is then set (it says on or off, so a member
  // who had already liked the post stays as they were).
  const signInFirst = useSignInFirst(fetcher, `${kind}-${postId}`);
  return (
    <fetcher.Form
      method="post"
      action={action}
      className={className}
      preventScrollReset
      onSubmit={signInFirst}
    >
      <input type="hidden" name="postId" value={postId} />
      <input type="hidden" name="value" value={next ? "on" : "off"} />
      {hydrated ? null : (
        <input type="hidden" name="redirectTo" value={`${location.pathname}${location.search}`} />
      )}
      {children}
    </fetcher.Form>
  );
}
