import { AwardIcon } from "./icons.tsx";

/** "+100" in the bounty colour, read as "Bounty de 100 pontos". */
export function BountyBadge({ amount, timeLeft }: { amount: number; timeLeft?: string }) {
  return (
    <span className="inline-flex items-center gap-1 rounded-md bg-amber-100 px-2 py-0.5 text-xs font-semibold text-amber-900">
      <AwardIcon className="size-3.5" />
      <span aria-hidden="true">+{amount}</span>
      <span className="sr-only">Bounty de {amount} pontos</span>
      {timeLeft ? <span className="font-normal">· {timeLeft}</span> : null}
    </span>
  );
}
