// The tag pages' Seguir button: a plain form before JavaScript, a fetcher with the new state at once after.
// It repeats the member button's few lines (follow-button.tsx) on purpose: that one ships on the question page,
// whose own JavaScript sits at its ceiling (ADR 037), and a shared hook measured 26–87 bytes more there.
import { useFetcher, useLocation, href } from "react-router";
import { useSignInFirst } from "#app/lib/sign-in-first.ts";
import { plural } from "#app/lib/plural.ts";
import { useHydrated } from "#app/lib/use-hydrated.ts";
import type { TagFollowActionData } from "../tag-follow-schema.ts";

export function TagFollowButton({
  tagId,
  tagName,
  following,
  followers,
}: {
  tagId: number;
  tagName: string;
  following: boolean;
  followers: number;
}) {
  const fetcher = useFetcher<TagFollowActionData>({ key: `tag-follow-${tagId}` });
  const location = useLocation();
  const hydrated = useHydrated();

  const pending = fetcher.formData?.get("intent");
  const answered = fetcher.state === "idle" && fetcher.data?.ok ? fetcher.data : undefined;
  const isFollowing = pending ? pending === "follow" : (answered?.following ?? following);
  // Optimistic count: the page's number, moved by one when the pending request changes the state.
  const baseline = answered?.followers ?? followers;
  const baselineFollowing = answered?.following ?? following;
  const count = baseline + (isFollowing === baselineFollowing ? 0 : isFollowing ? 1 : -1);
  const error = fetcher.state === "idle" && fetcher.data && !fetcher.data.ok ? fetcher.data.message : null;
  // A visitor signs in in the modal first, then follows.
  const signInFirst = useSignInFirst(
    fetcher,
    `tag-follow-${tagId}`,
    (form) => (form.get("intent") === "follow") === following,
  );

  return (
    <fetcher.Form
      method="post"
      action={href("/api/tag-follows")}
      className="inline-flex items-center gap-3"
      onSubmit={signInFirst}
    >
      <input type="hidden" name="tagId" value={tagId} />
      <input type="hidden" name="intent" value={isFollowing ? "unfollow" : "follow"} />
      {hydrated ? null : (
        <input type="hidden" name="redirectTo" value={`${location.pathname}${location.search}`} />
      )}
      <button
        type="submit"
        aria-pressed={isFollowing}
        className={isFollowing ? "btn-outline" : "btn-primary"}
      >
        {isFollowing ? "Seguindo" : "Seguir"}
        <span className="sr-only"> a tag {tagName}</span>
      </button>
      <span className="text-sm text-slate-700">
        {count} {plural(count, "seguidor", "seguidores")}
      </span>
      {error ? (
        <span role="alert" className="field-error">
          {error}
        </span>
      ) : null}
    </fetcher.Form>
  );
}
