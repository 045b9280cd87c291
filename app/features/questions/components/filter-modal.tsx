// The filter modal (spec §Filter modal). One GET form: 'Aplicar Filtro' puts the choices in the address, so it
// works without JavaScript and links can be shared; 'Salvar filtro customizado' posts the same fields with a
// name to keep them for the member. Cancelar, Escape and the overlay close it. Without JavaScript the trigger
// link (?filtro=novo) shows the same form in the page instead of a dialog.
import { useEffect, useId, useRef, useState, type FormEvent } from "react";
import { Dialog } from "radix-ui";
import { Form, Link, useLocation, useNavigate } from "react-router";
import {
  listQueryToSearch,
  MODAL_FILTERS,
  MODAL_SORTS,
  MODAL_STATUSES,
  parseListQuery,
  type QuestionListQuery,
} from "../list-query.ts";
import { FILTER_NAME_MAX, MESSAGES } from "../rules.ts";
import { FieldError, fieldAria, Label } from "#app/components/form/field.tsx";
import { CloseIcon } from "#app/components/icons.tsx";
import { useHydrated } from "#app/lib/use-hydrated.ts";

const FILTER_PARAM = "filtro";

type FilterFormProps = {
  query: QuestionListQuery;
  /** Where 'Aplicar Filtro' goes (the list or a tag's list). */
  action: string;
  signedIn: boolean;
  /** A message from the server about saving (e.g. a name too long). */
  saveError?: string;
  onCancel?: () => void;
  onApplied?: () => void;
};

function FilterForm({ query, action, signedIn, saveError, onCancel, onApplied }: FilterFormProps) {
  const id = useId();
  const navigate = useNavigate();
  const [nameError, setNameError] = useState<string | undefined>(saveError);
  useEffect(() => setNameError(saveError), [saveError]);
  const tagsHasValue = query.tags.length > 0;

  // With JavaScript, applying goes straight to the tidy address (the server would redirect there anyway).
  const onSubmit = (event: FormEvent<HTMLFormElement>) => {
    const submitter = (event.nativeEvent as SubmitEvent).submitter as HTMLButtonElement | null;
    const form = event.currentTarget;
    if (submitter?.value === "save-filter") {
      const name = String(new FormData(form).get("name") ?? "").trim();
      if (signedIn && (!name || name.length > FILTER_NAME_MAX)) {
        event.preventDefault();
        setNameError(MESSAGES.filterName);
        form.querySelector<HTMLInputElement>(`[name="name"]`)?.focus();
      }
      return;
    }
    event.preventDefault();
    const params = new URLSearchParams();
    for (const [key, value] of new FormData(form)) if (typeof value === "string") params.append(key, value);
    const search = listQueryToSearch({ ...parseListQuery(params), page: 1 });
    onApplied?.();
    navigate(`${action}${search ? `?${search}` : ""}`);
  };

  const legend = "text-sm font-semibold text-slate-900";
  const option = "flex items-center gap-2 text-sm text-slate-800";
  return (
    <Form method="get" action={action} onSubmit={onSubmit} className="flex flex-col gap-5">
      <fieldset className="flex flex-col gap-2">
        <legend className={legend}>Filtrar por</legend>
        {MODAL_FILTERS.map((f) => (
          <label key={f.value} className={option}>
            <input
              type="checkbox"
              name="filter"
              value={f.value}
              defaultChecked={query.filters.includes(f.value)}
              className="accent-primary size-4"
            />
            {f.label}
          </label>
        ))}
      </fieldset>
      <fieldset className="flex flex-col gap-2">
        <legend className={legend}>Ordenar por</legend>
        {MODAL_SORTS.map((s) => (
          <label key={s.value} className={option}>
            <input
              type="radio"
              name="sort"
              value={s.value}
              defaultChecked={
                query.sort === s.value ||
                (s.value === "new" && !MODAL_SORTS.some((m) => m.value === query.sort))
              }
              className="accent-primary size-4"
            />
            {s.label}
          </label>
        ))}
      </fieldset>
      {/* Open or closed questions only (?status=open|closed). */}
      <fieldset className="flex flex-col gap-2">
        <legend className={legend}>Situação</legend>
        {MODAL_STATUSES.map((s) => (
          <label key={s.value} className={option}>
            <input
              type="radio"
              name="status"
              value={s.value}
              defaultChecked={query.status === s.value}
              className="accent-primary size-4"
            />
            {s.label}
          </label>
        ))}
      </fieldset>
      <fieldset className="flex flex-col gap-2">
        <legend className={legend}>Filtrar por tags</legend>
        <label className={option}>
          <input
            type="checkbox"
            name="followed"
            value="1"
            defaultChecked={query.followedTags}
            className="accent-primary size-4"
          />
          Minhas Tags seguidas
        </label>
        {signedIn ? null : (
          <p className="ml-6 text-xs text-slate-600">Entre na sua conta para usar as tags que você segue.</p>
        )}
        {/* Sent before the tick box, so an unticked box is told apart from a link without one. */}
        <input type="hidden" name="tagged" value="0" />
        <label className={option}>
          <input
            type="checkbox"
            name="tagged"
            value="1"
            defaultChecked={tagsHasValue}
            className="accent-primary size-4"
          />
          As seguintes Tags
        </label>
        <label htmlFor={`${id}-tags`} className="sr-only">
          Tags a filtrar, separadas por vírgula
        </label>
        <input
          id={`${id}-tags`}
          name="tags"
          type="text"
          defaultValue={query.tags.join(", ")}
          placeholder="ex; javascript, python, sql....."
          className="field-input"
          autoComplete="off"
          onInput={(event) => {
            const box = event.currentTarget.form?.querySelector<HTMLInputElement>(
              `input[type="checkbox"][name="tagged"]`,
            );
            if (box && event.currentTarget.value.trim()) box.checked = true;
          }}
        />
      </fieldset>
      <div className="flex flex-col gap-1 border-t border-slate-200 pt-4">
        <Label htmlFor={`${id}-name`}>
          Nome do filtro <span className="font-normal text-slate-600">(para salvar)</span>
        </Label>
        <input
          id={`${id}-name`}
          name="name"
          type="text"
          maxLength={FILTER_NAME_MAX + 20}
          placeholder="ex: SQL sem resposta"
          {...fieldAria({ error: nameError, errorId: `${id}-name-error` })}
          className="field-input"
        />
        <FieldError id={`${id}-name-error`} errors={nameError} />
      </div>
      <div className="flex flex-wrap items-center justify-end gap-2">
        {onCancel ? (
          <button type="button" onClick={onCancel} className="btn-ghost">
            Cancelar
          </button>
        ) : (
          <Link to={action} className="btn-ghost">
            Cancelar
          </Link>
        )}
        <button
          type="submit"
          name="intent"
          value="save-filter"
          formMethod="post"
          formAction={action}
          className="btn-outline"
        >
          Salvar filtro customizado
        </button>
        <button type="submit" className="btn-primary">
          Aplicar Filtro
        </button>
      </div>
    </Form>
  );
}

/** 'Criar Filtro Customizado' and its dialog. */
export function FilterModal({
  query,
  action,
  signedIn,
  saveError,
}: {
  query: QuestionListQuery;
  action: string;
  signedIn: boolean;
  saveError?: string;
}) {
  const location = useLocation();
  const askedInAddress = new URLSearchParams(location.search).has(FILTER_PARAM);
  const [open, setOpen] = useState(askedInAddress || Boolean(saveError));
  const hydrated = useHydrated();
  useEffect(() => {
    if (saveError) setOpen(true);
  }, [saveError]);
  // A navigation (a filter applied or saved) closes it, unless the server refused to save.
  const saveErrorRef = useRef(saveError);
  saveErrorRef.current = saveError;
  const firstLocation = useRef(location.key);
  useEffect(() => {
    if (location.key === firstLocation.current) return;
    firstLocation.current = location.key;
    setOpen(Boolean(saveErrorRef.current));
  }, [location.key]);

  const params = new URLSearchParams(location.search);
  params.set(FILTER_PARAM, "novo");
  const triggerHref = `${location.pathname}?${params.toString()}#filtro`;
  // The link opens the dialog without being Radix's trigger, so the focus is given back to it by hand.
  const trigger = useRef<HTMLAnchorElement>(null);
  const title = "Criar Filtro Customizado";

  return (
    <>
      <a
        ref={trigger}
        href={triggerHref}
        onClick={(event) => {
          event.preventDefault();
          setOpen(true);
        }}
        className="text-primary inline-flex items-center gap-1 text-sm font-semibold hover:underline"
        aria-haspopup="dialog"
      >
        Criar Filtro Customizado
      </a>
      {/* Before JavaScript (or without it) the form shows in the page when the link is followed. */}
      {!hydrated && (askedInAddress || saveError) ? (
        <section id="filtro" aria-label={title} className="card mt-3">
          <FilterForm query={query} action={action} signedIn={signedIn} saveError={saveError} />
        </section>
      ) : null}
      <Dialog.Root open={hydrated && open} onOpenChange={setOpen}>
        <Dialog.Portal>
          <Dialog.Overlay className="fixed inset-0 z-[1000] bg-black/50" />
          <Dialog.Content
            onCloseAutoFocus={(event) => {
              if (!trigger.current) return;
              event.preventDefault();
              trigger.current.focus();
            }}
            className="fixed top-1/2 left-1/2 z-[1001] max-h-[90vh] w-[min(34rem,calc(100vw-2rem))] -translate-x-1/2 -translate-y-1/2 overflow-y-auto rounded-xl bg-white p-6 shadow-xl focus:outline-none"
          >
            <div className="mb-4 flex items-start justify-between gap-4">
              <Dialog.Title className="text-primary text-xl font-bold">{title}</Dialog.Title>
              <Dialog.Close className="btn-ghost -mt-1 -mr-2 p-1.5" aria-label="Fechar">
                <CloseIcon className="size-5" />
              </Dialog.Close>
            </div>
            <Dialog.Description className="sr-only">
              Escolha filtros, ordem e tags para a lista de perguntas.
            </Dialog.Description>
            <FilterForm
              query={query}
              action={action}
              signedIn={signedIn}
              saveError={saveError}
              onCancel={() => setOpen(false)}
              onApplied={() => setOpen(false)}
            />
          </Dialog.Content>
        </Dialog.Portal>
      </Dialog.Root>
    </>
  );
}
