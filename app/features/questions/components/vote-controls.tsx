// The score of a question or an answer between "Votar positivamente" and "Votar negativamente". A fetcher
// keeps the page still and shows the new score at once; without JavaScript it is a plain form post. Clicking
// the pressed button again takes the vote back. A visitor's vote waits for the sign-in modal, then counts.
import { useEffect, useRef, useState } from "react";
import { useFetcher } from "react-router";
import { useSignInFirst } from "#app/lib/sign-in-first.ts";
import type { FormActionData } from "../schemas.ts";
import { ArrowDownIcon, ArrowUpIcon } from "./icons.tsx";

export function VoteControls({
  kind,
  id,
  score,
  myVote,
}: {
  kind: "question" | "answer";
  id: number;
  score: number;
  myVote: -1 | 0 | 1;
}) {
  const fetcher = useFetcher<FormActionData>({ key: `vote-${kind}-${id}` });
  // A visitor signs in in the modal first; the vote is then cast, unless it is already the member's.
  const signInFirst = useSignInFirst(
    fetcher,
    `vote-${kind}-${id}`,
    (form) => Number(form.get("value")) === myVote,
  );
  const pending = fetcher.formData ? Number(fetcher.formData.get("value")) : null;
  // While the vote travels, show what it will do.
  let shownVote = myVote;
  let shownScore = score;
  if (pending === 1 || pending === -1) {
    shownVote = myVote === pending ? 0 : (pending as 1 | -1);
    shownScore = score - myVote + shownVote;
  }
  // The reader may close the refusal (×, Escape, a tap elsewhere); the next one shows again.
  const [closed, setClosed] = useState<unknown>(null);
  const notice = useRef<HTMLDivElement>(null);
  // The arrow that was pressed: closing the refusal from the keyboard gives it the focus back.
  const lastArrow = useRef<HTMLButtonElement | null>(null);
  const error =
    fetcher.state === "idle" &&
    fetcher.data &&
    !fetcher.data.ok &&
    fetcher.data.intent === "vote" &&
    closed !== fetcher.data
      ? fetcher.data.message
      : null;
  useEffect(() => {
    if (!error) return;
    const refusal = fetcher.data;
    const onKeyDown = (event: KeyboardEvent) => {
      if (event.key !== "Escape" || event.defaultPrevented) return;
      setClosed(refusal);
      // The focus comes back to the arrow only from the notice itself (or from nowhere): an Escape pressed
      // elsewhere on the page (the editor, a menu) closes the notice and leaves the focus where it is.
      const focused = document.activeElement;
      if (focused === document.body || notice.current?.contains(focused)) lastArrow.current?.focus();
    };
    const onPointerDown = (event: PointerEvent) => {
      if (!notice.current?.contains(event.target as Node)) setClosed(refusal);
    };
    document.addEventListener("keydown", onKeyDown);
    document.addEventListener("pointerdown", onPointerDown);
    return () => {
      document.removeEventListener("keydown", onKeyDown);
      document.removeEventListener("pointerdown", onPointerDown);
    };
  }, [error, fetcher.data]);
  const button = (pressed: boolean) =>
    `flex size-10 items-center justify-center rounded-full border transition focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-primary ${
      pressed
        ? "border-primary bg-primary text-white"
        : "border-slate-300 text-slate-700 hover:border-primary hover:text-primary"
    }`;
  return (
    <div className="relative flex flex-col items-center gap-1">
      <fetcher.Form
        method="post"
        className="flex flex-col items-center gap-1"
        preventScrollReset
        onSubmit={signInFirst}
      >
        <input type="hidden" name="intent" value="vote" />
        <input type="hidden" name="kind" value={kind} />
        <input type="hidden" name="id" value={id} />
        <button
          type="submit"
          name="value"
          value="1"
          aria-label="Votar positivamente"
          aria-pressed={shownVote === 1}
          onClick={(event) => {
            lastArrow.current = event.currentTarget;
          }}
          className={button(shownVote === 1)}
        >
          <ArrowUpIcon className="size-5" />
        </button>
        <output
          className="min-w-10 text-center text-lg font-bold text-slate-900"
          aria-label={`Pontuação: ${shownScore}`}
          aria-live="polite"
        >
          {shownScore.toLocaleString("pt-BR")}
        </output>
        <button
          type="submit"
          name="value"
          value="-1"
          aria-label="Votar negativamente"
          aria-pressed={shownVote === -1}
          onClick={(event) => {
            lastArrow.current = event.currentTarget;
          }}
          className={button(shownVote === -1)}
        >
          <ArrowDownIcon className="size-5" />
        </button>
      </fetcher.Form>
      {/* Beside the arrows, over the text, never inside the column: a refusal must not push the post aside. */}
      {error ? (
        <div
          ref={notice}
          className="absolute top-0 left-full z-20 ml-2 flex w-[min(16rem,calc(100vw-6rem))] items-start gap-2 rounded-md border border-red-200 bg-red-50 px-3 py-2 text-sm text-red-800 shadow-md"
        >
          <p role="alert" className="flex-1">
            {error}
          </p>
          <button
            type="button"
            aria-label="Fechar aviso"
            onClick={() => {
              setClosed(fetcher.data);
              lastArrow.current?.focus();
            }}
            className="-my-1 -mr-1 rounded px-1 text-lg leading-none hover:bg-red-100"
          >
            ×
          </button>
        </div>
      ) : null}
    </div>
  );
}
