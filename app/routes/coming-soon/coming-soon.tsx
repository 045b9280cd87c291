import { BrandPlaceholder } from "#app/components/brand/brand-placeholder.tsx";
import { TypedText, useTypedText } from "#app/components/brand/typewriter.tsx";
import type { HydrationHandle } from "#app/lib/hydrate-on-intent.ts";
import { pageMeta } from "#app/lib/meta.ts";
import type { Route } from "./+types/coming-soon";

const TITLE = "Coming soon!";
const SUBTITLE = "Estamos cozinhando algo, de devs para devs";

// The typed title is the page: it must start on load, not on the first interaction.
export const handle: HydrationHandle = { hydration: "on-load" };

export const meta: Route.MetaFunction = () => pageMeta({ title: "Em breve", description: SUBTITLE });

export default function ComingSoon() {
  const title = useTypedText(TITLE, 60);
  // The subtitle starts once the title is typed; only the subtitle has the blinking cursor.
  const subtitle = useTypedText(SUBTITLE, 45, { start: title.done });
  return (
    <BrandPlaceholder>
      <h1 className="text-primary min-h-16 text-4xl font-extrabold sm:text-6xl">
        <TypedText text={TITLE} {...title} />
      </h1>
      <p className="min-h-8 text-xl text-slate-700">
        <TypedText text={SUBTITLE} {...subtitle} cursor />
      </p>
    </BrandPlaceholder>
  );
}
