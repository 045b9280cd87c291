// The answers' order-by dropdown (newest, oldest, most voted, newest version first). A GET form: the choice is
// in the address (?answers=…), with the reader's version kept; with JavaScript it applies as soon as it changes.
import { Form, useSubmit } from "react-router";
import { useHydrated } from "#app/lib/use-hydrated.ts";
import { ANSWER_ORDER_LABELS, ANSWER_ORDERS, type AnswerOrder } from "../answer-orders.ts";

export function AnswerOrderSelect({
  order,
  keep = {},
}: {
  order: AnswerOrder;
  /** Other address parameters the order keeps (the reader's version). */
  keep?: Record<string, string>;
}) {
  const submit = useSubmit();
  const hydrated = useHydrated();
  return (
    <Form method="get" className="flex max-w-full min-w-0 flex-wrap items-center gap-2" preventScrollReset>
      {Object.entries(keep).map(([name, value]) => (
        <input key={name} type="hidden" name={name} value={value} />
      ))}
      <label htmlFor="ordem-respostas" className="text-sm font-medium text-slate-700">
        Ordenar por
      </label>
      <select
        id="ordem-respostas"
        name="answers"
        defaultValue={order}
        onChange={(event) => submit(event.currentTarget.form, { preventScrollReset: true, replace: true })}
        className="field-input w-auto max-w-56 min-w-0 py-1.5"
      >
        {ANSWER_ORDERS.map((value) => (
          <option key={value} value={value}>
            {ANSWER_ORDER_LABELS[value]}
          </option>
        ))}
      </select>
      {hydrated ? null : (
        <button type="submit" className="btn-outline py-1.5">
          Ordenar
        </button>
      )}
    </Form>
  );
}
