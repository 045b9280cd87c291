// The answers' order-by dropdown (newest, oldest, most voted). A GET form: the choice is in the address
// (?answers=…); with JavaScript it applies as soon as it changes.
import { Form, useSubmit } from "react-router";
import { useHydrated } from "#app/lib/use-hydrated.ts";
import { ANSWER_ORDER_LABELS, ANSWER_ORDERS, type AnswerOrder } from "../answer-orders.ts";

export function AnswerOrderSelect({ order }: { order: AnswerOrder }) {
  const submit = useSubmit();
  const hydrated = useHydrated();
  return (
    <Form method="get" className="flex items-center gap-2" preventScrollReset>
      <label htmlFor="ordem-respostas" className="text-sm font-medium text-slate-700">
        Ordenar por
      </label>
      <select
        id="ordem-respostas"
        name="answers"
        defaultValue={order}
        onChange={(event) => submit(event.currentTarget.form, { preventScrollReset: true, replace: true })}
        className="field-input w-auto py-1.5"
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
