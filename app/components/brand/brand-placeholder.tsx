// The frame shared by the not-found and coming-soon pages: the brand top bar, the content, and the button
// back to the brand's home page (BRAND_HOME_URL).
import { useRootData } from "#app/root.tsx";
import { BrandTopBar } from "./brand-top-bar.tsx";
import { TypewriterNoscript } from "./typewriter.tsx";

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
      <footer className="py-6 text-center text-xs text-slate-600">© 2024 Suporte de Domingo</footer>
    </div>
  );
}
