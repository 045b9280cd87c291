// A badge's tier as a small coloured disc with its name for screen readers (the colour is not the only cue:
// the badge's name or count is always beside it).
import type { BadgeTier } from "../rules.ts";

const COLOURS: Record<BadgeTier, string> = {
  ouro: "bg-amber-400",
  prata: "bg-slate-400",
  bronze: "bg-orange-700",
};

const LABELS: Record<BadgeTier, string> = { ouro: "ouro", prata: "prata", bronze: "bronze" };

export function BadgeMark({ tier }: { tier: BadgeTier }) {
  return (
    <span className="inline-flex items-center">
      <span aria-hidden="true" className={`inline-block size-2.5 rounded-full ${COLOURS[tier]}`} />
      <span className="sr-only">medalha de {LABELS[tier]}: </span>
    </span>
  );
}
