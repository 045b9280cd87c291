// "Uso a versão…": the reader names the version of one of the question's tags they use; each answer then says
// whether it applies. A GET form: the choice is in the address (`?versao=node@24`, or the form's own
// `versao_tag` + `versao` without JavaScript), so it works before any script and can be shared.
import { Form, Link } from "react-router";
import type { AnswerOrder } from "../answer-orders.ts";
import type { TaggedVersion } from "../versions.ts";

export function ReaderVersionPicker({
  tags,
  reader,
  order,
  onlyApplying,
  clearHref,
}: {
  tags: string[];
  reader: TaggedVersion | null;
  order: AnswerOrder;
  onlyApplying: boolean;
  clearHref: string;
}) {
  if (tags.length === 0) return null;
  return (
    <Form
      // A new choice in the address starts the fields from it (they are uncontrolled).
      key={reader ? `${reader.tag}@${reader.version}:${onlyApplying}` : ""}
      method="get"
      preventScrollReset
      aria-label="Sua versão"
      className="flex flex-wrap items-end gap-2 rounded-md bg-slate-50 px-3 py-2 text-sm"
    >
      <input type="hidden" name="answers" value={order} />
      <div className="flex flex-col gap-1">
        <label htmlFor="versao-tag" className="font-medium text-slate-700">
          Uso a versão… de
        </label>
        <select
          id="versao-tag"
          name="versao_tag"
          defaultValue={reader?.tag ?? tags[0]}
          className="field-input w-auto py-1"
        >
          {tags.map((tag) => (
            <option key={tag} value={tag}>
              {tag}
            </option>
          ))}
        </select>
      </div>
      <div className="flex flex-col gap-1">
        <label htmlFor="versao-numero" className="font-medium text-slate-700">
          Versão
        </label>
        <input
          id="versao-numero"
          name="versao"
          inputMode="decimal"
          maxLength={24}
          placeholder="ex.: 24"
          defaultValue={reader?.version ?? ""}
          className="field-input w-24 py-1"
        />
      </div>
      <label className="flex items-center gap-1.5 py-1.5">
        <input type="checkbox" name="aplicaveis" value="1" defaultChecked={onlyApplying} />
        Só as que se aplicam
      </label>
      <button type="submit" className="btn-outline py-1">
        Ver quais se aplicam
      </button>
      {reader ? (
        <Link to={clearHref} preventScrollReset className="py-1.5 text-slate-600 hover:underline">
          Limpar versão
        </Link>
      ) : null}
    </Form>
  );
}
