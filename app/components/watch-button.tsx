// "Acompanhar" / "Acompanhando" on a question or a post: watching brings its new answers, comments and edits to
// the bell. Authors watch their own from the start. A visitor signs in in the modal first (as with favourites).
// It posts intent `watch` (value on|off) to the page's own action.
import { useFetcher } from "react-router";
import type { ActionReply } from "#app/lib/action-reply.ts";
import { useSignInFirst } from "#app/lib/sign-in-first.ts";

export function WatchButton({ thread, watching }: { thread: string; watching: boolean }) {
  const fetcher = useFetcher<ActionReply>({ key: `watch-${thread}` });
  const sending = fetcher.formData?.get("value");
  const shown = sending ? sending === "on" : watching;
  const signInFirst = useSignInFirst(fetcher, `watch-${thread}`, () => watching);
  return (
    <fetcher.Form method="post" preventScrollReset onSubmit={signInFirst}>
      <input type="hidden" name="intent" value="watch" />
      <input type="hidden" name="value" value={shown ? "off" : "on"} />
      <button
        type="submit"
        aria-pressed={shown}
        title={
          shown
            ? "Você recebe as novas respostas, comentários e edições. Toque para parar."
            : "Receba as novas respostas, comentários e edições no sino."
        }
        className={`rounded-full border px-3 py-1 text-xs font-semibold transition ${
          shown
            ? "border-primary bg-primary-light text-primary"
            : "hover:border-primary hover:text-primary border-slate-300 text-slate-700"
        }`}
      >
        {shown ? "Acompanhando" : "Acompanhar"}
      </button>
    </fetcher.Form>
  );
}
