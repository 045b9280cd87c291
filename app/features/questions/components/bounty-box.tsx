// The asker's bounty offer (50 to 500 reputation for 7 days), and the open bounty's amount and time left.
import { useFetcher } from "react-router";
import { FieldError, fieldAria, Label } from "#app/components/form/field.tsx";
import { BOUNTY_DAYS, BOUNTY_MAX, BOUNTY_MIN, BOUNTY_MIN_REPUTATION } from "../rules.ts";
import type { FormActionData } from "../schemas.ts";
import { AwardIcon } from "./icons.tsx";

export function OpenBounty({ amount, timeLeft }: { amount: number; timeLeft: string | null }) {
  return (
    <p className="flex flex-wrap items-center gap-2 rounded-lg border border-amber-300 bg-amber-50 px-4 py-3 text-sm text-amber-950">
      <AwardIcon className="size-5" />
      <span>
        <strong>Bounty de {amount} pontos</strong> para a melhor resposta{timeLeft ? ` · ${timeLeft}` : ""}.
      </span>
    </p>
  );
}

export function OfferBountyForm({ reputation, allowed }: { reputation: number; allowed: boolean }) {
  // One per page, and inside the question's part that is rendered once and reused (ADR 031): a fixed id,
  // where React's useId would differ between that render and the page's.
  const fieldId = "bounty-valor";
  const fetcher = useFetcher<FormActionData>({ key: "offer-bounty" });
  const reply = fetcher.state === "idle" && fetcher.data?.intent === "offer-bounty" ? fetcher.data : null;
  const error = reply && !reply.ok ? (reply.result?.error?.amount?.[0] ?? reply.message) : undefined;
  return (
    <details className="rounded-lg border border-slate-200 p-3 text-sm" open={Boolean(error)}>
      <summary className="text-primary cursor-pointer font-semibold">Oferecer um bounty</summary>
      <p className="mt-2 text-slate-700">
        Ofereça de {BOUNTY_MIN} a {BOUNTY_MAX} pontos da sua reputação para atrair mais respostas. O valor sai
        da sua reputação agora e vale por {BOUNTY_DAYS} dias; você o concede à resposta que mais ajudou. Se
        não conceder, ele expira sem devolução.
      </p>
      {allowed ? (
        <fetcher.Form method="post" className="mt-3 flex flex-wrap items-end gap-2" preventScrollReset>
          <input type="hidden" name="intent" value="offer-bounty" />
          <div>
            <Label htmlFor={fieldId}>Valor (pontos)</Label>
            <input
              id={fieldId}
              name="amount"
              type="number"
              min={BOUNTY_MIN}
              max={Math.min(BOUNTY_MAX, reputation)}
              step={50}
              defaultValue={BOUNTY_MIN}
              required
              {...fieldAria({ error, errorId: `${fieldId}-error` })}
              className="field-input w-32"
            />
          </div>
          <button type="submit" className="btn-primary" disabled={fetcher.state !== "idle"}>
            Oferecer bounty
          </button>
          <FieldError id={`${fieldId}-error`} errors={error} className="field-error w-full" alert />
        </fetcher.Form>
      ) : (
        <p className="mt-2 text-slate-700">
          Você precisa de pelo menos {BOUNTY_MIN_REPUTATION} pontos de reputação para oferecer um bounty (você
          tem {reputation}).
        </p>
      )}
    </details>
  );
}
