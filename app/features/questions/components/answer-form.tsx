// 'Responder': the editor and 'Poste sua resposta' for members; a sign-in prompt that comes back here for
// visitors. With JavaScript the answer is posted by a fetcher: on success the editor and its draft are cleared
// and the page goes to the new answer. Without it, the form posts and the page comes back with the answer.
// A member's answer in progress is kept on the server too (ADR 062): the editor, loaded on demand, keeps it in
// step, so this page's own JavaScript carries none of it.
import { useEffect, useState } from "react";
import { Link, useFetcher } from "react-router";
import { forgetFormDraft } from "#app/components/editor/drafts.ts";
import type { DraftSync } from "#app/components/editor/form-draft.ts";
import { RichTextField } from "#app/components/editor/rich-text-field.tsx";
import { answerDraftKey } from "#app/features/drafts/keys.ts";
import { ANSWER_MIN, MESSAGES, approximateTextLength } from "../rules.ts";
import type { FormActionData } from "../schemas.ts";
import { TestedVersionsField, versionDefaults } from "./tested-versions-field.tsx";

export function AnswerForm({
  questionId,
  tags = [],
  signedIn,
  signInHref,
  signUpHref,
  serverReply,
  serverDraft,
}: {
  questionId: number;
  /** The question's tags: the "Testada em" field offers one version each. */
  tags?: string[];
  signedIn: boolean;
  signInHref: string;
  signUpHref: string;
  /** The action's reply when the form was posted without JavaScript. */
  serverReply?: FormActionData;
  /** The member's draft of an answer to this question on the server, from the loader. */
  serverDraft?: DraftSync;
}) {
  const fetcher = useFetcher<FormActionData>({ key: `answer-${questionId}` });
  const [round, setRound] = useState(0);
  const [clientError, setClientError] = useState<string | undefined>();
  const reply =
    fetcher.state === "idle" && fetcher.data?.intent === "answer"
      ? fetcher.data
      : serverReply?.intent === "answer"
        ? serverReply
        : undefined;
  const error =
    clientError ?? (reply && !reply.ok ? (reply.result?.error?.body?.[0] ?? reply.message) : undefined);
  const draftKey = answerDraftKey(questionId);

  useEffect(() => {
    if (fetcher.state !== "idle" || fetcher.data?.intent !== "answer" || !fetcher.data.ok) return;
    forgetFormDraft(draftKey, [draftKey]);
    setRound((r) => r + 1);
    const answerId = fetcher.data.answerId;
    if (answerId) {
      requestAnimationFrame(() => {
        const element = document.getElementById(`resposta-${answerId}`);
        element?.scrollIntoView({ behavior: "smooth", block: "start" });
        element?.focus({ preventScroll: true });
      });
    }
  }, [fetcher.state, fetcher.data, draftKey]);

  return (
    <section id="responder" aria-labelledby="responder-titulo" className="scroll-mt-24">
      <h2 id="responder-titulo" className="text-primary text-xl font-bold">
        Responder
      </h2>
      {signedIn ? (
        <fetcher.Form
          method="post"
          className="mt-4 flex flex-col gap-4"
          preventScrollReset
          onSubmit={(event) => {
            const body = String(new FormData(event.currentTarget).get("body") ?? "");
            const length = approximateTextLength(body);
            if (length < ANSWER_MIN) {
              event.preventDefault();
              setClientError(length === 0 ? MESSAGES.answerEmpty : MESSAGES.answerShort);
            } else setClientError(undefined);
          }}
        >
          <input type="hidden" name="intent" value="answer" />
          <RichTextField
            key={round}
            name="body"
            label="Sua resposta"
            draftKey={draftKey}
            serverDraft={serverDraft}
            load="visible"
            error={error}
            defaultValue={reply && !reply.ok ? String(reply.values?.body ?? "") : ""}
            onChange={() => setClientError(undefined)}
          />
          <TestedVersionsField
            key={`versoes-${round}`}
            idPrefix={`resposta-${questionId}-versoes`}
            tags={tags}
            defaults={reply && !reply.ok ? versionDefaults(reply.values) : {}}
            error={reply && !reply.ok ? reply.result?.error?.versions?.[0] : undefined}
          />
          {reply?.ok && reply.message ? (
            <p role="status" className="text-green-dark text-sm font-medium">
              {reply.message}
            </p>
          ) : reply?.ok && serverReply ? (
            <p role="status" className="text-green-dark text-sm font-medium">
              Sua resposta foi publicada.
            </p>
          ) : null}
          <div>
            <button type="submit" className="btn-primary" disabled={fetcher.state !== "idle"}>
              Poste sua resposta
            </button>
          </div>
        </fetcher.Form>
      ) : (
        <div className="card mt-4 flex flex-col items-start gap-3">
          <p className="text-slate-800">Sabe a resposta? Entre na sua conta para ajudar.</p>
          <div className="flex flex-wrap gap-2">
            <Link to={signInHref} className="btn-primary">
              Entrar para responder
            </Link>
            <Link to={signUpHref} className="btn-outline">
              Criar conta
            </Link>
          </div>
        </div>
      )}
    </section>
  );
}
