// The frame shared by the not-found and coming-soon pages: the brand top bar, the content, and the button
// back to the brand's home page (BRAND_HOME_URL).
import { useRootData } from "#app/lib/root-data.ts";
import { BrandTopBar } from "./brand-top-bar.tsx";
import { TypewriterNoscript } from "./typewriter.tsx";
import { href } from "react-router";

const SITE_LINKS = [
  { href: href("/"), label: "Home" },
  { href: href("/blog"), label: "Blog" },
  { href: href("/questions"), label: "Questões" },
];

export function BrandPlaceholder({ children }: { children: React.ReactNode }) {
  const root = useRootData();
  return (
    <div className="flex min-h-screen flex-col bg-slate-50">
      <TypewriterNoscript />
      <BrandTopBar />
      <main
        id="conteudo"
        className="mx-auto flex w-full max-w-3xl flex-1 flex-col items-center justify-center gap-6 px-4 py-16 text-center"
      >
        {children}
        <a href={root?.config.brandHomeUrl ?? "/"} className="btn-primary mt-4 px-6 py-3 text-base">
          Voltar para a Suporte de Domingo
        </a>
      </main>
      <footer className="flex flex-col items-center gap-3 py-6 text-center text-xs text-slate-600">
        {/* Every page has its navigation landmark; here, the ways back into the site. */}
        <nav aria-label="Explore">
          <ul className="flex gap-4 text-sm">
            {SITE_LINKS.map((link) => (
              <li key={link.href}>
                <a href={link.href} className="text-primary font-medium hover:underline">
                  {link.label}
                </a>
              </li>
            ))}
          </ul>
        </nav>
        <p>© 2024 Suporte de Domingo</p>
      </footer>
    </div>
  );
}
