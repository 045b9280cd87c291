// The optional "resumo da edição" of the edit forms: one line of plain text kept with the revision and shown
// in the history beside who edited and when.
import { FieldError, fieldAria, Hint, Label } from "#app/components/form/field.tsx";

export function RevisionSummaryField({
  id,
  name = "summary",
  defaultValue,
  error,
  errorId,
  max,
}: {
  id: string;
  name?: string;
  defaultValue?: string;
  error?: string;
  errorId: string;
  max: number;
}) {
  return (
    <div className="flex flex-col gap-2">
      <Label htmlFor={id} className="field-label text-base">
        Resumo da edição <span className="font-normal text-slate-600">(opcional)</span>
      </Label>
      <Hint id={`${id}-hint`} className="text-sm text-slate-600">
        Conte em poucas palavras o que mudou e por quê (até {max} caracteres). Ex.: corrigi a formatação do
        código.
      </Hint>
      <input
        id={id}
        name={name}
        type="text"
        maxLength={max}
        defaultValue={defaultValue}
        autoComplete="off"
        {...fieldAria({ error, errorId, describedBy: `${id}-hint` })}
        className="field-input"
      />
      <FieldError id={errorId} errors={error} />
    </div>
  );
}
