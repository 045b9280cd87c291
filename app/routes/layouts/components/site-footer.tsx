// Spec §Footer: Explore links, contact phone and e-mail, social links, the newsletter form, copyright 2024.
import { Link, href } from "react-router";
import { Logo } from "#app/components/icons.tsx";
import { ThemeSwitch } from "#app/components/theme-switch.tsx";
import type { Theme } from "#app/lib/theme.ts";
import { NewsletterForm } from "#app/features/newsletter/components/newsletter-form.tsx";
import { KeptElement } from "#app/lib/page-html-fragment.tsx";

const COPYRIGHT_YEAR = 2024;

const SOCIAL_LINKS = [
  { label: "Comunidade no Discord", short: "Discord", href: "https://discord.gg/suportededomingo" },
  { label: "Código no GitHub", short: "GitHub", href: "https://github.com/suportededomingo" },
  { label: "Fotos no Instagram", short: "Instagram", href: "https://www.instagram.com/suportededomingo" },
  {
    label: "Rede profissional no LinkedIn",
    short: "LinkedIn",
    href: "https://www.linkedin.com/company/suportededomingo",
  },
];

export function SiteFooter({
  contactPhone,
  contactEmail,
  memberTheme,
}: {
  contactPhone: string;
  contactEmail: string;
  /** The signed-in member's theme; null for a visitor (their cookie says it). */
  memberTheme: Theme | null;
}) {
  const scrollTop = () => window.scrollTo({ top: 0 });
  return (
    <footer className="mt-16 bg-slate-900 text-slate-200 scheme-light">
      {/* The same on every page: rendered once and kept across pages (ADR 069). Its links are absolute. */}
      <KeptElement
        tag="div"
        scope="frame"
        attributes={{ className: "mx-auto grid max-w-7xl gap-10 px-4 py-12 md:grid-cols-4" }}
        fragmentKey={() => JSON.stringify(["rodapé", contactPhone, contactEmail])}
      >
        <div>
          <Logo inverted />
          <p className="mt-3 text-sm text-slate-300">De devs para devs, todo dia — até no domingo.</p>
        </div>
        <nav aria-labelledby="footer-explore">
          <h2 id="footer-explore" className="text-base font-semibold text-white">
            Explore
          </h2>
          <ul className="mt-3 space-y-2 text-sm">
            {[
              { to: href("/"), label: "Home" },
              { to: href("/blog"), label: "Blog" },
              { to: href("/questions"), label: "Questões" },
            ].map((l) => (
              <li key={l.to}>
                <Link to={l.to} onClick={scrollTop} className="hover:text-white hover:underline">
                  {l.label}
                </Link>
              </li>
            ))}
          </ul>
        </nav>
        <div>
          <h2 className="text-base font-semibold text-white">Contato</h2>
          <ul className="mt-3 space-y-2 text-sm">
            <li>
              <a
                href={`tel:${contactPhone.replace(/[^\d+]/g, "")}`}
                className="hover:text-white hover:underline"
              >
                {contactPhone}
              </a>
            </li>
            <li>
              <a href={`mailto:${contactEmail}`} className="hover:text-white hover:underline">
                {contactEmail}
              </a>
            </li>
          </ul>
          <ul className="mt-4 flex flex-wrap gap-3 text-sm" aria-label="Redes sociais">
            {SOCIAL_LINKS.map((s) => (
              <li key={s.href}>
                <a
                  href={s.href}
                  aria-label={s.label}
                  rel="noopener noreferrer"
                  target="_blank"
                  className="rounded border border-slate-600 px-2 py-1 hover:border-white hover:text-white"
                >
                  {s.short}
                </a>
              </li>
            ))}
          </ul>
        </div>
        <NewsletterForm />
      </KeptElement>
      <div className="mx-auto flex max-w-7xl justify-center px-4 pb-6">
        <ThemeSwitch memberTheme={memberTheme} />
      </div>
      <p className="border-t border-slate-800 py-4 text-center text-xs text-slate-400">
        © {COPYRIGHT_YEAR} Suporte de Domingo. Todos os direitos reservados. ·{" "}
        {/* What reputation earns, outside the spec's Explore list. */}
        <Link to={href("/privilegios")} className="underline hover:text-white">
          Privilégios
        </Link>{" "}
        ·{" "}
        <Link to={href("/medalhas")} className="underline hover:text-white">
          Medalhas
        </Link>{" "}
        · {/* The REST API's reference. */}
        <Link to={href("/api/docs")} className="underline hover:text-white">
          API
        </Link>
      </p>
    </footer>
  );
}
