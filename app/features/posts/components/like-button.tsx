// The post's like: one per member, toggles. Named "Curtir" / "Descurtir" with aria-pressed; the count sits
// beside the button.
import { HeartIcon } from "#app/components/icons.tsx";
import { plural } from "#app/lib/plural.ts";
import { ToggleForm, useToggle } from "./toggle-form.tsx";
import { href } from "react-router";

export function likesLabel(count: number): string {
  return `${count} ${plural(count, "curtida", "curtidas")}`;
}

export function LikeButton({ postId, liked, count }: { postId: number; liked: boolean; count: number }) {
  const { fetcher, state } = useToggle("like", postId, liked, count);
  return (
    <ToggleForm
      fetcher={fetcher}
      kind="like"
      action={href("/api/post-like")}
      postId={postId}
      next={!state.on}
      className="inline-flex flex-wrap items-center gap-2"
    >
      <button
        type="submit"
        aria-pressed={state.on}
        className={`focus-visible:outline-primary inline-flex items-center gap-2 rounded-full border px-4 py-2 text-sm font-semibold transition focus-visible:outline-2 focus-visible:outline-offset-2 ${
          state.on
            ? "border-red-200 bg-red-50 text-red-700 hover:bg-red-100"
            : "border-slate-300 text-slate-700 hover:bg-slate-100"
        }`}
      >
        <HeartIcon filled={state.on} className="size-5" />
        {state.on ? "Descurtir" : "Curtir"}
      </button>
      <span className="text-sm text-slate-700" aria-live="polite">
        {likesLabel(state.count)}
      </span>
      {state.error ? (
        <span role="alert" className="field-error w-full text-xs">
          {state.error}
        </span>
      ) : null}
    </ToggleForm>
  );
}
