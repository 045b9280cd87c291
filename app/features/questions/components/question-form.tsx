// The question form of /ask-a-question and /questions/{id}/editar: title (with similar questions while it is
// typed), the details editor, the tried/expected editor and the tag selector. Conform parses it with the same
// Zod schema as the server; a refusal comes back with each message by its field and every value put back.
// The editors keep their drafts in this browser; the title and the tags are kept beside them when asking, and
// a member's question in progress is kept on the server too (ADR 062), restored on any device.
import { getFormProps, useForm, type SubmissionResult } from "@conform-to/react";
import { parseWithZod } from "@conform-to/zod/v4";
import { useEffect, useRef, useState } from "react";
import { Form, useNavigation } from "react-router";
import { clearDraft, forgetFormDraft, loadDraft, saveDraft } from "#app/components/editor/drafts.ts";
import type { DraftSync } from "#app/components/editor/form-draft.ts";
import { RichTextField } from "#app/components/editor/rich-text-field.tsx";
import { DraftIdField, FormDraftContext, useFormDraft } from "#app/components/editor/use-form-draft.tsx";
import { FieldError, fieldAria, Hint, Label } from "#app/components/form/field.tsx";
import { questionDraftParts } from "#app/features/drafts/keys.ts";
import { TagSelector } from "#app/features/tags/components/tag-selector.tsx";
import { TAGS_MAX } from "#app/features/tags/rules.ts";
import {
  questionEditSchema,
  questionSchema,
  REVISION_SUMMARY_MAX,
  TEXT_MIN,
  TITLE_MAX,
  TITLE_MIN,
} from "../schemas.ts";
import { RevisionSummaryField } from "./revision-summary-field.tsx";
import { questionFormChanged } from "../form-changes.ts";
import { DiscardLink, type DiscardConfirm } from "./discard-link.tsx";
import { SameErrorQuestions, SimilarQuestions } from "./suggested-questions.tsx";

export type QuestionFormValues = {
  title: string;
  description: string;
  details: string;
  tags: string[];
  summary?: string;
};

/** The browser-side drafts of a question form (the editors' own and the title and tags beside them). */
function questionDraftKeys(prefix: string) {
  const parts = questionDraftParts(prefix);
  return { title: parts.titulo, tags: parts.tags, description: parts.descricao, details: parts.detalhes };
}

/** The question was posted or discarded: its drafts go from this browser (and are known as gone). */
export function clearQuestionDrafts(prefix: string) {
  forgetFormDraft(prefix, Object.values(questionDraftParts(prefix)));
}

function asList(value: unknown): string[] {
  if (Array.isArray(value)) return value.filter((v): v is string => typeof v === "string" && v.trim() !== "");
  if (typeof value === "string")
    return value
      .split(",")
      .map((v) => v.trim())
      .filter(Boolean);
  return [];
}

export function QuestionForm({
  defaults,
  suggestions,
  canCreateTags = true,
  lastResult,
  returnedValues,
  draftPrefix,
  keepTitleAndTags,
  serverDraft,
  withSummary = false,
  submitLabel,
  discardLink,
  formMessage,
  onDiscard,
  questionId,
}: {
  defaults: QuestionFormValues;
  /** The question being edited: left out of the similar questions. */
  questionId?: number;
  suggestions: string[];
  /** False when the member may not create tags yet: the selector offers only existing ones. */
  canCreateTags?: boolean;
  lastResult?: SubmissionResult<string[]>;
  /** Sanitised rich text the server sent back with a refusal. */
  returnedValues?: Record<string, string | string[]>;
  draftPrefix: string;
  /** Keep the title and tags in this browser too (asking a new question). */
  keepTitleAndTags: boolean;
  /** The member's draft of this form on the server (asking; its key is `draftPrefix`), from the loader. */
  serverDraft?: DraftSync;
  /** Editing: ask for the optional "resumo da edição" kept with the revision. */
  withSummary?: boolean;
  submitLabel: string;
  /** The link away that throws what was typed away (asking first when something was). */
  discardLink: { to: string; label: string; confirm: DiscardConfirm };
  formMessage?: string;
  onDiscard?: () => void;
}) {
  const keys = questionDraftKeys(draftPrefix);
  // Before the fields read their drafts (a parent's state starts before its children's): the newer of this
  // browser's and the server's draft is put in place, and one that was published or discarded goes.
  const formDraft = useFormDraft(serverDraft);
  const [form, fields] = useForm<QuestionFormValues>({
    id: "question-form",
    lastResult,
    defaultValue: defaults,
    shouldValidate: "onBlur",
    shouldRevalidate: "onInput",
    onValidate({ formData }) {
      return parseWithZod(formData, { schema: withSummary ? questionEditSchema : questionSchema });
    },
  });

  const formRef = useRef<HTMLFormElement>(null);
  const titleRef = useRef<HTMLInputElement>(null);
  const [title, setTitle] = useState(String(fields.title.initialValue ?? defaults.title));
  // The details as written (the editor's HTML, or the plain textarea's text before the editor loads).
  const [writtenDetails, setWrittenDetails] = useState("");
  const [restoredTags, setRestoredTags] = useState<{ round: number; tags: string[] } | null>(null);
  const initialTags = restoredTags?.tags ?? asList(fields.tags.initialValue ?? defaults.tags);

  // Restore the title and tags kept in this browser (asking only, and only into an untouched form).
  useEffect(() => {
    if (!keepTitleAndTags || lastResult) return;
    const savedTitle = loadDraft(keys.title)?.html;
    if (savedTitle && titleRef.current && !titleRef.current.value) {
      titleRef.current.value = savedTitle;
      setTitle(savedTitle);
    }
    const savedTags = loadDraft(keys.tags)?.html;
    if (savedTags) {
      try {
        const tags = asList(JSON.parse(savedTags));
        if (tags.length) setRestoredTags({ round: 1, tags });
      } catch {
        clearDraft(keys.tags);
      }
    }
    // Only once, when the page opens.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, []);

  // Drafts go once the question is posted (we are leaving for its page) or discarded. The editors flush their
  // own drafts while unmounting, so the clearing waits until they are gone.
  const navigation = useNavigation();
  const leaving = useRef(false);
  useEffect(() => {
    if (
      navigation.state === "loading" &&
      navigation.formMethod?.toUpperCase() === "POST" &&
      /^\/questions\/\d+$/.test(navigation.location.pathname)
    ) {
      leaving.current = true;
      formDraft?.published();
    }
  }, [navigation, formDraft]);
  useEffect(
    () => () => {
      if (leaving.current) setTimeout(() => clearQuestionDrafts(draftPrefix), 0);
    },
    [draftPrefix],
  );
  const discard = () => {
    leaving.current = true;
    formDraft?.discard({ leaving: true });
    clearQuestionDrafts(draftPrefix);
    onDiscard?.();
  };

  const description = String(
    returnedValues?.description ?? fields.description.initialValue ?? defaults.description,
  );
  const details = String(returnedValues?.details ?? fields.details.initialValue ?? defaults.details);
  const submitting = navigation.state === "submitting" && navigation.formMethod?.toUpperCase() === "POST";

  return (
    <FormDraftContext value={formDraft}>
      <Form ref={formRef} method="post" {...getFormProps(form)} className="flex flex-col gap-6">
        <DraftIdField draft={formDraft} />
        {formMessage ? (
          <p role="alert" className="rounded-md bg-red-50 px-4 py-3 text-sm text-red-800">
            {formMessage}
          </p>
        ) : null}
        {form.errors?.length ? (
          <p role="alert" className="rounded-md bg-red-50 px-4 py-3 text-sm text-red-800">
            {form.errors[0]}
          </p>
        ) : null}
        <div className="card flex flex-col gap-2">
          <Label htmlFor={fields.title.id} className="field-label text-base">
            Título
          </Label>
          <Hint id={`${fields.title.id}-hint`} className="text-sm text-slate-600">
            Seja específico e imagine que está perguntando para outra pessoa ({TITLE_MIN} a {TITLE_MAX}{" "}
            caracteres).
          </Hint>
          <input
            ref={titleRef}
            id={fields.title.id}
            name={fields.title.name}
            type="text"
            required
            minLength={TITLE_MIN}
            maxLength={TITLE_MAX}
            defaultValue={String(fields.title.initialValue ?? defaults.title)}
            key={fields.title.key}
            placeholder="Ex: Como ordenar um array de objetos por data em JavaScript?"
            {...fieldAria({
              error: fields.title.errors?.[0],
              errorId: fields.title.errorId,
              describedBy: `${fields.title.id}-hint`,
            })}
            className="field-input"
            onInput={(event) => {
              const value = event.currentTarget.value;
              setTitle(value);
              if (keepTitleAndTags) {
                if (value.trim()) saveDraft(keys.title, value);
                else clearDraft(keys.title);
                formDraft?.changed();
              }
            }}
          />
          <FieldError id={fields.title.errorId} errors={fields.title.errors} />
          <SimilarQuestions title={title} excludeId={questionId} />
        </div>

        <div
          className="card flex flex-col gap-2"
          onInput={(event) => {
            if (event.target instanceof HTMLTextAreaElement) setWrittenDetails(event.target.value);
          }}
        >
          <p id="detalhes-dica" className="text-sm text-slate-600">
            Explique o problema e o contexto: o que você está construindo, o código envolvido e a mensagem de
            erro completa (pelo menos {TEXT_MIN} caracteres).
          </p>
          <RichTextField
            id={fields.description.id}
            name={fields.description.name}
            label="Quais são os detalhes do seu problema?"
            draftKey={keys.description}
            defaultValue={description}
            describedBy="detalhes-dica"
            error={fields.description.errors?.[0]}
            errorId={fields.description.errorId}
            onChange={setWrittenDetails}
          />
          <SameErrorQuestions html={writtenDetails} excludeId={questionId} />
        </div>

        <div className="card flex flex-col gap-2">
          <p id="tentativas-dica" className="text-sm text-slate-600">
            Conte o que você já tentou, o que esperava que acontecesse e o que aconteceu de fato (pelo menos{" "}
            {TEXT_MIN} caracteres).
          </p>
          <RichTextField
            id={fields.details.id}
            name={fields.details.name}
            label="O que você tentou e o que estava esperando?"
            draftKey={keys.details}
            defaultValue={details}
            describedBy="tentativas-dica"
            error={fields.details.errors?.[0]}
            errorId={fields.details.errorId}
            load="visible"
          />
        </div>

        <div className="card flex flex-col gap-2">
          <TagSelector
            key={restoredTags?.round ?? 0}
            id={fields.tags.id}
            name={fields.tags.name}
            label={`Tags (até ${TAGS_MAX})`}
            suggestions={suggestions}
            canCreate={canCreateTags}
            defaultValue={initialTags}
            max={TAGS_MAX}
            error={fields.tags.errors?.[0]}
            errorId={fields.tags.errorId}
            onChange={(tags) => {
              if (!keepTitleAndTags) return;
              if (tags.length) saveDraft(keys.tags, JSON.stringify(tags));
              else clearDraft(keys.tags);
              formDraft?.changed();
            }}
          />
        </div>

        {withSummary ? (
          <div className="card">
            <RevisionSummaryField
              id={fields.summary.id}
              name={fields.summary.name}
              defaultValue={String(fields.summary.initialValue ?? "")}
              error={fields.summary.errors?.[0]}
              errorId={fields.summary.errorId}
              max={REVISION_SUMMARY_MAX}
            />
          </div>
        ) : null}

        <div className="flex flex-wrap items-center gap-3">
          <button type="submit" className="btn-primary px-6 py-3 text-base" disabled={submitting}>
            {submitting ? "Enviando..." : submitLabel}
          </button>
          <DiscardLink
            {...discardLink}
            discard={discard}
            hasTyped={() => !!formRef.current && questionFormChanged(new FormData(formRef.current), defaults)}
          />
        </div>
      </Form>
    </FormDraftContext>
  );
}
