// The post writer (spec §Post writer, blog layout) and the edit form: title (grows as one types), subtitle
// with the ~100-character hint, category, tags, optional cover, the editor, the favourite toggle and Postar.
// A plain multipart form before JavaScript; with it, Conform checks it first, the cover uploads at once and
// everything typed is kept in this browser until the post is published — and, for a new post, on the server
// too (ADR 062), restored on any device.
import { getFormProps, useForm, type SubmissionResult } from "@conform-to/react";
import { parseWithZod } from "@conform-to/zod/v4";
import { useEffect, useRef, useState, type ChangeEvent } from "react";
import { Form, Link, useNavigation } from "react-router";
import { BookmarkIcon } from "#app/components/icons.tsx";
import { RichTextField } from "#app/components/editor/rich-text-field.tsx";
import { clearDraft, saveDraft } from "#app/components/editor/drafts.ts";
import type { DraftSync } from "#app/components/editor/form-draft.ts";
import { DraftIdField, FormDraftContext, useFormDraft } from "#app/components/editor/use-form-draft.tsx";
import { FieldError, fieldAria, Hint, Label } from "#app/components/form/field.tsx";
import { checkImageFile, uploadImage, UploadError } from "#app/components/editor/upload-image.ts";
import { TagSelector } from "#app/features/tags/components/tag-selector.tsx";
import { TAGS_MAX } from "#app/features/tags/rules.ts";
import { IMAGE_ACCEPT } from "#app/lib/sanitize-rules.ts";
import { useHydrated } from "#app/lib/use-hydrated.ts";
import {
  CATEGORY_LABELS,
  DESCRIPTION_HINT,
  DESCRIPTION_MAX,
  POST_CATEGORIES,
  TITLE_MAX,
  postSchema,
} from "../schemas.ts";
import type { ActionReply } from "#app/lib/action-reply.ts";

export type PostFormValues = {
  title: string;
  description: string;
  category: string;
  tags: string[];
  body: string;
  coverUrl: string;
  favorite: boolean;
};

export type PostFormActionData = ActionReply & { result: SubmissionResult<string[]>; values: PostFormValues };

type MetaDraft = Omit<PostFormValues, "body">;

const META_PREFIX = "sdd:rascunho:";

/** The writer's fields beside the body, kept as the editors keep theirs (`drafts.ts`), as JSON. */
function readMetaDraft(key: string): MetaDraft | null {
  try {
    const raw = window.localStorage.getItem(`${META_PREFIX}${key}:meta`);
    if (!raw) return null;
    const kept = JSON.parse(raw) as Partial<MetaDraft> & { html?: unknown };
    // Kept before the server kept drafts: the fields themselves, not wrapped like an editor's draft.
    const value = (typeof kept.html === "string" ? JSON.parse(kept.html) : kept) as Partial<MetaDraft>;
    return {
      title: String(value.title ?? ""),
      description: String(value.description ?? ""),
      category: String(value.category ?? ""),
      tags: Array.isArray(value.tags) ? value.tags.map(String) : [],
      coverUrl: String(value.coverUrl ?? ""),
      favorite: Boolean(value.favorite),
    };
  } catch {
    return null;
  }
}

function writeMetaDraft(key: string, draft: MetaDraft | null) {
  if (draft) saveDraft(`${key}:meta`, JSON.stringify(draft));
  else clearDraft(`${key}:meta`);
}

function sameMeta(a: MetaDraft, b: MetaDraft) {
  return JSON.stringify(a) === JSON.stringify(b);
}

export function PostForm({
  mode,
  initial,
  lastResult,
  suggestions,
  canCreateTags = true,
  draftKey,
  serverDraft,
  cancelHref,
}: {
  mode: "create" | "edit";
  initial: PostFormValues;
  lastResult?: SubmissionResult<string[]>;
  /** The ten suggested tag names of the selector. */
  suggestions: string[];
  /** False when the member may not create tags yet: the selector offers only existing ones. */
  canCreateTags?: boolean;
  /** Where this browser keeps the draft ("post:new", "post:12"). */
  draftKey: string;
  /** The member's draft of a new post on the server (its key is `draftKey`), from the loader. */
  serverDraft?: DraftSync;
  cancelHref: string;
}) {
  // Before the fields read their drafts (a parent's state starts before its children's): the newer of this
  // browser's and the server's draft is put in place, and one that was published or discarded goes.
  const formDraft = useFormDraft(serverDraft);
  const navigation = useNavigation();
  const submitting = navigation.state !== "idle" && navigation.formMethod === "POST";
  const [form, fields] = useForm({
    id: "post-form",
    lastResult,
    onValidate: ({ formData }) => parseWithZod(formData, { schema: postSchema }),
    shouldValidate: "onSubmit",
    shouldRevalidate: "onInput",
  });

  const initialMeta: MetaDraft = {
    title: initial.title,
    description: initial.description,
    category: initial.category,
    tags: initial.tags,
    coverUrl: initial.coverUrl,
    favorite: initial.favorite,
  };
  const [meta, setMeta] = useState<MetaDraft>(initialMeta);
  /** Bumped when a kept draft is restored, so the (uncontrolled) tag selector starts again from it. */
  const [tagsVersion, setTagsVersion] = useState(0);
  const [cover, setCover] = useState<
    { state: "idle" } | { state: "sending"; percent: number } | { state: "error"; message: string }
  >({
    state: "idle",
  });
  /** Set once React runs the form (the favourite turns from a checkbox into a toggle button). */
  const hydrated = useHydrated();
  const restored = useRef(false);
  const submitted = useRef(false);
  const fileRef = useRef<HTMLInputElement>(null);
  const titleRef = useRef<HTMLTextAreaElement>(null);

  // Bring back what was typed before a reload (only when the server did not just send values back).
  useEffect(() => {
    if (restored.current) return;
    restored.current = true;
    if (lastResult) return;
    const draft = readMetaDraft(draftKey);
    if (draft && !sameMeta(draft, initialMeta)) {
      setMeta(draft);
      setTagsVersion((v) => v + 1);
    }
    // Only on mount.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, []);

  // Keep the draft as the member types; drop it when it is back to the starting values.
  useEffect(() => {
    if (!restored.current || submitted.current) return;
    writeMetaDraft(draftKey, sameMeta(meta, initialMeta) ? null : meta);
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [meta, draftKey]);

  // Sent: the draft goes. Still here once the answer came back (refused): keep it again.
  useEffect(() => {
    if (navigation.state === "idle" && submitted.current) {
      submitted.current = false;
      writeMetaDraft(draftKey, meta);
    }
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [navigation.state]);

  // The title grows with its content (CSS field-sizing where supported, else measured here).
  useEffect(() => {
    const area = titleRef.current;
    if (!area || CSS.supports?.("field-sizing", "content")) return;
    area.style.height = "auto";
    area.style.height = `${area.scrollHeight}px`;
  }, [meta.title]);

  const update = (patch: Partial<MetaDraft>) => {
    setMeta((current) => ({ ...current, ...patch }));
    // Kept in this browser by the effect above, then sent once the changes pause.
    formDraft?.changed();
  };

  const onCoverChosen = async (event: ChangeEvent<HTMLInputElement>) => {
    const file = event.target.files?.[0];
    if (!file) return;
    const problem = checkImageFile(file);
    if (problem) {
      setCover({ state: "error", message: problem });
      event.target.value = "";
      return;
    }
    setCover({ state: "sending", percent: 0 });
    try {
      const image = await uploadImage(file, {
        onProgress: (percent) => setCover({ state: "sending", percent }),
      });
      update({ coverUrl: image.url });
      setCover({ state: "idle" });
    } catch (error) {
      setCover({
        state: "error",
        message: error instanceof UploadError ? error.message : "Não foi possível enviar a imagem.",
      });
    } finally {
      // The picture is already on the server: the form sends its address, not the file again.
      if (fileRef.current) fileRef.current.value = "";
    }
  };

  const error = (name: keyof typeof fields) => fields[name].errors?.[0];
  const describedBy = (...ids: (string | false | undefined)[]) => ids.filter(Boolean).join(" ") || undefined;
  const titleError = error("title");
  const descriptionError = error("description");
  const categoryError = error("category");
  const coverError = error("coverUrl") ?? (cover.state === "error" ? cover.message : undefined);
  const descriptionLength = Array.from(meta.description).length;

  return (
    <FormDraftContext value={formDraft}>
      <Form
        method="post"
        encType="multipart/form-data"
        {...getFormProps(form)}
        onSubmit={(event) => {
          form.onSubmit(event);
          if (!event.defaultPrevented) {
            submitted.current = true;
            writeMetaDraft(draftKey, null);
          }
        }}
        className="flex flex-col gap-6"
      >
        <DraftIdField draft={formDraft} />
        <div className="flex flex-wrap items-center justify-end gap-3">
          {mode === "create" && hydrated ? (
            // The favourite toggle, named like every other one ('Favoritar' / 'Remover dos favoritos').
            <>
              <button
                type="button"
                aria-pressed={meta.favorite}
                onClick={() => update({ favorite: !meta.favorite })}
                className="aria-pressed:border-primary aria-pressed:bg-primary-light aria-pressed:text-primary focus-visible:outline-primary inline-flex items-center gap-2 rounded-md border border-slate-300 px-3 py-2 text-sm font-medium text-slate-700 focus-visible:outline-2 focus-visible:outline-offset-2"
              >
                <BookmarkIcon filled={meta.favorite} className="size-5" />
                {meta.favorite ? "Remover dos favoritos" : "Favoritar"}
              </button>
              {meta.favorite ? <input type="hidden" name="favorite" value="on" /> : null}
            </>
          ) : mode === "create" ? (
            // Before (and without) JavaScript: a plain checkbox.
            <label className="has-checked:border-primary has-checked:bg-primary-light has-checked:text-primary has-focus-visible:outline-primary inline-flex cursor-pointer items-center gap-2 rounded-md border border-slate-300 px-3 py-2 text-sm font-medium text-slate-700 has-focus-visible:outline-2 has-focus-visible:outline-offset-2">
              <input
                type="checkbox"
                name="favorite"
                checked={meta.favorite}
                onChange={(event) => update({ favorite: event.target.checked })}
                className="sr-only"
              />
              <BookmarkIcon filled={meta.favorite} className="size-5" />
              Favoritar
            </label>
          ) : null}
          {mode === "edit" ? (
            <Link to={cancelHref} className="btn-ghost">
              Cancelar
            </Link>
          ) : null}
          <button type="submit" className="btn-green px-6" disabled={submitting || cover.state === "sending"}>
            {submitting ? "Publicando…" : mode === "create" ? "Postar" : "Salvar alterações"}
          </button>
        </div>

        {form.errors?.length ? (
          <p
            id={form.errorId}
            role="alert"
            className="rounded-md border border-red-200 bg-red-50 p-3 text-sm text-red-800"
          >
            {form.errors[0]}
          </p>
        ) : null}

        <div>
          <Label htmlFor={fields.title.id}>Título</Label>
          <textarea
            ref={titleRef}
            id={fields.title.id}
            name={fields.title.name}
            value={meta.title}
            onChange={(event) => update({ title: event.target.value.replace(/\n/g, " ") })}
            onKeyDown={(event) => {
              // A title is one line: Enter moves on instead of breaking it.
              if (event.key === "Enter") event.preventDefault();
            }}
            placeholder="Título"
            rows={1}
            maxLength={TITLE_MAX * 2}
            {...fieldAria({ error: titleError, errorId: fields.title.errorId })}
            className="focus-visible:outline-primary/40 block field-sizing-content w-full resize-none overflow-hidden rounded-md border-0 bg-transparent px-1 py-2 text-3xl leading-tight font-extrabold text-slate-900 placeholder:text-slate-500 focus-visible:outline-2 md:text-4xl"
          />
          <FieldError id={fields.title.errorId} errors={titleError} />
        </div>

        <div>
          <Label htmlFor={fields.description.id}>Subtítulo</Label>
          <input
            id={fields.description.id}
            name={fields.description.name}
            value={meta.description}
            onChange={(event) => update({ description: event.target.value })}
            maxLength={DESCRIPTION_MAX}
            placeholder="Uma frase que resume o post"
            {...fieldAria({
              error: descriptionError,
              errorId: fields.description.errorId,
              describedBy: "description-hint",
            })}
            className="field-input text-base"
          />
          <Hint
            id="description-hint"
            className={`mt-1 text-xs ${descriptionLength > DESCRIPTION_HINT ? "text-amber-800" : "text-slate-600"}`}
          >
            O subtítulo deve ter no máximo uns {DESCRIPTION_HINT} caracteres ({descriptionLength}/
            {DESCRIPTION_HINT}).
          </Hint>
          <FieldError id={fields.description.errorId} errors={descriptionError} />
        </div>

        <div className="grid gap-6 md:grid-cols-[14rem_minmax(0,1fr)]">
          <div>
            <Label htmlFor={fields.category.id}>Categoria</Label>
            <select
              id={fields.category.id}
              name={fields.category.name}
              value={meta.category}
              onChange={(event) => update({ category: event.target.value })}
              {...fieldAria({ error: categoryError, errorId: fields.category.errorId })}
              className="field-input"
            >
              <option value="" disabled>
                Escolha uma categoria
              </option>
              {POST_CATEGORIES.map((category) => (
                <option key={category} value={category}>
                  {CATEGORY_LABELS[category]}
                </option>
              ))}
            </select>
            <FieldError id={fields.category.errorId} errors={categoryError} />
          </div>
          <TagSelector
            key={tagsVersion}
            id={fields.tags.id}
            suggestions={suggestions}
            canCreate={canCreateTags}
            defaultValue={meta.tags}
            max={TAGS_MAX}
            error={error("tags")}
            errorId={fields.tags.errorId}
            onChange={(tags) => update({ tags })}
          />
        </div>

        <div>
          <span className="field-label" id="capa-label">
            Imagem de capa (opcional)
          </span>
          <input type="hidden" name={fields.coverUrl.name} value={meta.coverUrl} />
          {meta.coverUrl ? (
            <div className="flex flex-col gap-2">
              <img
                src={meta.coverUrl}
                alt="Capa escolhida"
                width={1200}
                height={630}
                className="aspect-[1200/630] w-full max-w-xl rounded-md bg-slate-100 object-cover"
              />
              <button
                type="button"
                className="btn-ghost self-start text-red-700"
                onClick={() => update({ coverUrl: "" })}
              >
                Remover capa
              </button>
            </div>
          ) : null}
          <input
            ref={fileRef}
            id="cover-file"
            type="file"
            name="coverFile"
            accept={IMAGE_ACCEPT}
            onChange={onCoverChosen}
            aria-labelledby="capa-label cover-button"
            aria-describedby={describedBy("cover-hint", coverError && fields.coverUrl.errorId)}
            className="peer sr-only"
          />
          <label
            htmlFor="cover-file"
            id="cover-button"
            className="btn-outline peer-focus-visible:outline-primary mt-2 cursor-pointer peer-focus-visible:outline-2 peer-focus-visible:outline-offset-2"
          >
            {meta.coverUrl ? "Trocar imagem" : "Escolher imagem"}
          </label>
          <Hint id="cover-hint">PNG ou JPEG de até 5 MB. Aparece no topo do post e nos cartões do blog.</Hint>
          {cover.state === "sending" ? (
            <p role="status" className="mt-1 text-sm text-slate-700">
              Enviando imagem… {cover.percent}%
            </p>
          ) : null}
          <FieldError id={fields.coverUrl.errorId} errors={coverError} alert />
        </div>

        <RichTextField
          name="body"
          label="Texto do post"
          hideLabel
          layout="blog"
          defaultValue={initial.body}
          draftKey={draftKey}
          error={error("body")}
          errorId={fields.body.errorId}
        />
      </Form>
    </FormDraftContext>
  );
}
