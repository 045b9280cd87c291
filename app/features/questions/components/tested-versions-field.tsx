// "Testada em": one optional version per tag of the question, in plain inputs named `versao:<tag>`, so the
// answer form and the answer edit page send them with or without JavaScript.
import { fieldAria, FieldError } from "#app/components/form/field.tsx";
import { ANSWER_VERSIONS_MAX } from "../versions.ts";

export function TestedVersionsField({
  idPrefix,
  tags,
  defaults = {},
  error,
}: {
  /** Ids are named after the form (no useId: the page is rendered in parts, ADR 031). */
  idPrefix: string;
  tags: string[];
  /** tag → version already named (or typed before a refusal). */
  defaults?: Record<string, string>;
  error?: string;
}) {
  if (tags.length === 0) return null;
  const hintId = `${idPrefix}-dica`;
  const errorId = `${idPrefix}-erro`;
  return (
    <fieldset className="flex flex-col gap-2">
      <legend className="field-label">Testada em (opcional)</legend>
      <p id={hintId} className="text-xs text-slate-600">
        A versão de cada tag em que você testou a resposta, ex.: 19, 3.13 ou 1.10.2 (até {ANSWER_VERSIONS_MAX}
        ).
      </p>
      <div className="flex flex-wrap gap-3">
        {tags.slice(0, ANSWER_VERSIONS_MAX).map((tag) => {
          const id = `${idPrefix}-${tag.replace(/[^a-z0-9-]/gi, "_")}`;
          return (
            <div key={tag} className="flex items-center gap-2">
              <label htmlFor={id} className="text-sm font-medium text-slate-800">
                {tag}
              </label>
              <input
                id={id}
                name={`versao:${tag}`}
                inputMode="decimal"
                autoComplete="off"
                maxLength={24}
                placeholder="versão"
                defaultValue={defaults[tag] ?? ""}
                className="field-input w-24 py-1.5"
                {...fieldAria({ error, errorId, describedBy: hintId })}
              />
            </div>
          );
        })}
      </div>
      <FieldError id={errorId} errors={error} alert />
    </fieldset>
  );
}

/** The `versao:<tag>` values of a refused form, to put back. */
export function versionDefaults(
  values: Record<string, string | string[]> | undefined,
): Record<string, string> {
  const out: Record<string, string> = {};
  for (const [name, value] of Object.entries(values ?? {})) {
    if (name.startsWith("versao:") && typeof value === "string") out[name.slice(7)] = value;
  }
  return out;
}
