// Spec §Landing: a stack of three featured cards; the arrow on the front card brings the next one forward.
// Only the front card's arrow is enabled.
import { useState } from "react";
import { Link, href } from "react-router";
import { AvatarImage } from "#app/components/avatar.tsx";
import { ArrowRightIcon } from "#app/components/icons.tsx";
import type { FeaturedCard } from "#app/features/landing/landing.server.ts";

/** Front card first: one click moves the front card to the back. */
function rotate<T>(order: T[]): T[] {
  return order.length < 2 ? order : [...order.slice(1), order[0] as T];
}

const POSITION_STYLES = [
  "z-30 translate-x-0 translate-y-0 rotate-0",
  "z-20 translate-x-4 translate-y-4 rotate-2 opacity-95",
  "z-10 translate-x-8 translate-y-8 rotate-4 opacity-90",
];

export function FeaturedStack({ cards }: { cards: FeaturedCard[] }) {
  const [order, setOrder] = useState(() => cards.map((_, i) => i));
  if (cards.length === 0) return null;

  return (
    // On a phone the stack sits to the left, leaving room on the right for the cards fanned out behind it (each
    // shifted and turned), which would otherwise stick out past the screen.
    <section
      aria-label="Destaques"
      className="relative h-[25rem] w-[calc(100%-3rem)] max-w-md sm:mx-auto sm:w-full"
    >
      {cards.map((card, index) => {
        const position = order.indexOf(index);
        const isFront = position === 0;
        return (
          <article
            key={card.slug}
            data-position={`card-${position + 1}`}
            aria-hidden={!isFront}
            inert={!isFront}
            className={`absolute inset-0 flex flex-col overflow-hidden rounded-2xl border border-slate-200 bg-white shadow-xl transition-all duration-500 motion-reduce:transition-none ${POSITION_STYLES[position] ?? ""}`}
          >
            {card.image ? (
              <img
                src={card.image}
                alt=""
                width={448}
                height={160}
                className="bg-primary-light h-40 w-full object-cover"
              />
            ) : (
              <div className="from-primary to-green h-40 w-full bg-gradient-to-br" />
            )}
            <div className="flex flex-1 flex-col gap-2 p-5">
              <p className="flex items-center gap-2 text-sm text-slate-700">
                <AvatarImage src={card.avatarUrl} handle={card.username} size="sm" />
                <span>@{card.username}</span>
              </p>
              <h2 className="line-clamp-2 text-lg font-bold text-slate-900">
                <Link
                  to={href("/blog/:slug", { slug: card.slug })}
                  tabIndex={isFront ? undefined : -1}
                  className="hover:underline"
                >
                  {card.headingTitle}
                </Link>
              </h2>
              <p className="line-clamp-2 text-sm text-slate-700">{card.subTitle}</p>
              <ul className="mt-auto flex flex-wrap gap-2" aria-label="Tags">
                {card.tags.map((tag) => (
                  <li key={tag} className="tag-chip">
                    {tag}
                  </li>
                ))}
              </ul>
            </div>
            <button
              type="button"
              aria-label="Próximo destaque"
              disabled={!isFront}
              onClick={() => setOrder(rotate)}
              className="bg-primary hover:bg-primary-dark focus-visible:outline-primary absolute right-4 bottom-4 rounded-full p-3 text-white shadow-md focus-visible:outline-2 focus-visible:outline-offset-2 disabled:bg-slate-400"
            >
              <ArrowRightIcon />
            </button>
          </article>
        );
      })}
    </section>
  );
}
