// The Seguir button (blog author blocks, 'Quem Seguir', members page, question authors). Posts to
// /api/follows: a plain form before JavaScript (the action sends the browser back), a fetcher after, with the
// new state shown at once. A visitor signs in in the modal first, then follows (without JavaScript the action
// sends them to /entrar and back).
import { useFetcher, useLocation, href } from "react-router";
import { useSignInFirst } from "#app/lib/sign-in-first.ts";
import { useHydrated } from "#app/lib/use-hydrated.ts";
import type { FollowActionData } from "../schemas.ts";

export function FollowButton({
  userId,
  following,
  name,
  className = "",
  size = "small",
}: {
  userId: number;
  following: boolean;
  /** The member's name, read by screen readers after the visible label ("Seguir Ana Souza"). */
  name?: string;
  className?: string;
  /** "small" in lists and bylines; "regular" beside the page's other buttons (a profile's Bloquear). */
  size?: "small" | "regular";
}) {
  const fetcher = useFetcher<FollowActionData>({ key: `follow-${userId}` });
  const location = useLocation();
  const hydrated = useHydrated();

  // While the request is in flight, show what it will do; then what the server answered (pages that keep
  // their list still, like 'Quem Seguir', skip revalidating), else what the page's loader says.
  const pending = fetcher.formData?.get("intent");
  const answered = fetcher.state === "idle" && fetcher.data?.ok ? fetcher.data.following : undefined;
  const isFollowing = pending ? pending === "follow" : (answered ?? following);
  const error = fetcher.state === "idle" && fetcher.data && !fetcher.data.ok ? fetcher.data.message : null;
  const signInFirst = useSignInFirst(
    fetcher,
    `follow-${userId}`,
    (form) => (form.get("intent") === "follow") === following,
  );

  return (
    <fetcher.Form
      method="post"
      action={href("/api/follows")}
      className="inline-flex flex-col items-start"
      onSubmit={signInFirst}
    >
      <input type="hidden" name="userId" value={userId} />
      <input type="hidden" name="intent" value={isFollowing ? "unfollow" : "follow"} />
      {/* Without JavaScript the action redirects back here; a fetcher stays on the page. */}
      {hydrated ? null : (
        <input type="hidden" name="redirectTo" value={`${location.pathname}${location.search}`} />
      )}
      <button
        type="submit"
        aria-pressed={isFollowing}
        className={`${isFollowing ? "btn-outline" : "btn-primary"} ${size === "small" ? "px-3 py-1 text-xs" : ""} ${className}`}
      >
        {isFollowing ? "Seguindo" : "Seguir"}
        {name ? <span className="sr-only"> {name}</span> : null}
      </button>
      {error ? (
        <span role="alert" className="field-error text-xs">
          {error}
        </span>
      ) : null}
    </fetcher.Form>
  );
}
