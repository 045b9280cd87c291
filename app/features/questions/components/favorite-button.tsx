// "Favoritar" / "Remover dos favoritos" (the favorites table). A visitor signs in in the modal first, and the
// question is then favourited (without JavaScript the action sends them to /entrar and back).
import { useFetcher } from "react-router";
import { useSignInFirst } from "#app/lib/sign-in-first.ts";
import { BookmarkIcon } from "#app/components/icons.tsx";
import type { FormActionData } from "../schemas.ts";

export function FavoriteButton({ questionId, favorited }: { questionId: number; favorited: boolean }) {
  const fetcher = useFetcher<FormActionData>({ key: `favorite-${questionId}` });
  const shown = fetcher.formData ? !favorited : favorited;
  // The action toggles: a member who had it favourited already is left as is.
  const signInFirst = useSignInFirst(fetcher, `favorite-${questionId}`, () => favorited);
  return (
    <fetcher.Form method="post" preventScrollReset onSubmit={signInFirst}>
      <input type="hidden" name="intent" value="favorite" />
      <button
        type="submit"
        aria-label={shown ? "Remover dos favoritos" : "Favoritar"}
        aria-pressed={shown}
        title={shown ? "Remover dos favoritos" : "Favoritar"}
        className={`focus-visible:outline-primary flex size-10 items-center justify-center rounded-full transition hover:bg-slate-100 focus-visible:outline-2 ${
          shown ? "text-primary" : "text-slate-600"
        }`}
      >
        <BookmarkIcon filled={shown} className="size-5" />
      </button>
    </fetcher.Form>
  );
}
