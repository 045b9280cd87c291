import { Link, href } from "react-router";
import { AuthButton } from "#app/routes/layouts/components/site-header.tsx";
import { listFeaturedCards } from "#app/features/landing/landing.server.ts";
import { publicUrl } from "#app/lib/env.server.ts";
import { pageMeta } from "#app/lib/meta.ts";
import { useRootData } from "#app/lib/root-data.ts";
import { optionalViewer } from "#app/lib/auth-guard.server.ts";
import { FeaturedStack } from "./components/featured-stack.tsx";
import { MemberHome } from "./components/member-home.tsx";
import { memberHome } from "./member-home.server.ts";
import type { Route } from "./+types/home";

// Visitors get the landing page; a member, their own home (member-home.server.ts).
export async function loader({ context }: Route.LoaderArgs) {
  const viewer = optionalViewer(context);
  if (viewer) return { home: await memberHome(viewer), cards: [], url: `${publicUrl()}/` };
  return { home: null, cards: await listFeaturedCards(3), url: `${publicUrl()}/` };
}

export const meta: Route.MetaFunction = ({ loaderData }) =>
  loaderData?.home
    ? pageMeta({ title: "Sua página inicial", noindex: true })
    : pageMeta({
        description:
          "Todo dev precisa de uma ajuda de vez em quando. Pergunte, responda e escreva no blog com a comunidade brasileira de desenvolvedores.",
        url: loaderData?.url,
      });

export default function Home({ loaderData }: Route.ComponentProps) {
  const viewer = useRootData()?.viewer ?? null;
  if (viewer && loaderData.home) return <MemberHome viewer={viewer} home={loaderData.home} />;
  return (
    <>
      {/* Clips the featured cards fanned out behind the stack where they would reach past a tablet's screen. */}
      <section className="from-primary-light overflow-x-clip bg-gradient-to-b to-white">
        <div className="mx-auto grid max-w-7xl items-center gap-12 px-4 py-16 md:grid-cols-2 md:py-24">
          <div>
            <p className="text-primary font-mono text-sm font-semibold">{"<suporte-de-domingo />"}</p>
            <h1 className="mt-3 text-4xl font-extrabold tracking-tight text-slate-900 md:text-5xl">
              Todo dev precisa de uma ajuda de vez em quando.
            </h1>
            <p className="mt-5 max-w-prose text-lg text-slate-700">
              Travou num bug no domingo à noite? Aqui a comunidade brasileira de desenvolvedores tira dúvidas,
              compartilha o que aprendeu e escreve sobre o dia a dia de quem programa.
            </p>
            <div className="mt-8 flex flex-wrap gap-3">
              <AuthButton mode="signUp" className="btn-primary px-6 py-3 text-base" />
              <Link to={href("/questions")} className="btn-outline px-6 py-3 text-base">
                Visitar a comunidade
              </Link>
            </div>
          </div>
          <FeaturedStack cards={loaderData.cards} />
        </div>
      </section>

      <section aria-labelledby="blog-promo" className="mx-auto max-w-7xl px-4 py-16">
        <div className="bg-primary grid items-center gap-8 rounded-2xl p-8 text-white md:grid-cols-[2fr_1fr] md:p-12">
          <div>
            <h2 id="blog-promo" className="text-3xl font-bold">
              Conheça o nosso blog
            </h2>
            <p className="text-primary-light mt-3 max-w-prose">
              Artigos escritos por devs da comunidade sobre front-end, back-end, design, carreira e tudo o que
              aparece no caminho. Leia, curta, comente — e publique o seu.
            </p>
            <Link to={href("/blog")} className="btn-green mt-6 px-6 py-3 text-base">
              Visitar Blog
            </Link>
          </div>
          <img
            src="/images/mascote.svg"
            alt=""
            width={240}
            height={240}
            className="mx-auto hidden size-48 md:block"
          />
        </div>
      </section>
    </>
  );
}
