// Favourite toggle of a post (cards, post page, favourites page): "Favoritar" / "Remover dos favoritos".
import { BookmarkIcon } from "#app/components/icons.tsx";
import { ToggleForm, useToggle } from "./toggle-form.tsx";
import { href } from "react-router";

export function FavoriteButton({
  postId,
  favorited,
  showLabel = false,
}: {
  postId: number;
  favorited: boolean;
  /** Show the name beside the icon (post page) instead of only to screen readers (cards). */
  showLabel?: boolean;
}) {
  const { fetcher, state } = useToggle("favorite", postId, favorited, 0);
  const label = state.on ? "Remover dos favoritos" : "Favoritar";
  return (
    <ToggleForm
      fetcher={fetcher}
      kind="favorite"
      action={href("/api/post-favorite")}
      postId={postId}
      next={!state.on}
    >
      <button
        type="submit"
        aria-pressed={state.on}
        aria-label={showLabel ? undefined : label}
        title={label}
        className={`focus-visible:outline-primary inline-flex items-center gap-1.5 rounded-md p-2 text-sm font-medium transition hover:bg-slate-100 focus-visible:outline-2 focus-visible:outline-offset-2 ${
          state.on ? "text-primary" : "text-slate-600"
        }`}
      >
        <BookmarkIcon filled={state.on} className="size-5" />
        {showLabel ? <span>{label}</span> : null}
      </button>
      {state.error ? (
        <span role="alert" className="field-error block text-xs">
          {state.error}
        </span>
      ) : null}
    </ToggleForm>
  );
}
