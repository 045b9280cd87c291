// The top bar of the brand placeholder pages: it drops in from 100 viewport heights above on a spring
// (stiffness 50, damping 10). Pure CSS, so it also works before (or without) JavaScript.
import { springDuration, springKeyframes } from "#app/lib/spring.ts";
import { href } from "react-router";

const SPRING = { stiffness: 50, damping: 10 };
const KEYFRAMES = springKeyframes("brand-bar-enter", -100, SPRING);
const DURATION = springDuration(SPRING);

export function BrandTopBar() {
  return (
    <header className="brand-top-bar bg-primary text-white shadow-md">
      <style>{`${KEYFRAMES}.brand-top-bar{animation:brand-bar-enter ${DURATION}s linear both}@media (prefers-reduced-motion:reduce){.brand-top-bar{animation:none}}`}</style>
      <div className="mx-auto flex max-w-5xl flex-col items-center gap-1 px-4 py-5 sm:flex-row sm:gap-4">
        <a href={href("/")} className="font-mono text-xl font-bold">
          <span aria-hidden="true" className="text-green">
            {"<"}
          </span>
          Suporte de Domingo
          <span aria-hidden="true" className="text-green">
            {" />"}
          </span>
        </a>
        <p className="text-primary-light text-sm">Comunidade de devs para devs</p>
      </div>
    </header>
  );
}
