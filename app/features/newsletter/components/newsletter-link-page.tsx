// The page behind a newsletter e-mail's links (confirm, unsubscribe): a title, what happens, and the way home.
import { Link, href } from "react-router";

export function NewsletterLinkPage({ title, children }: { title: string; children: React.ReactNode }) {
  return (
    <div className="mx-auto max-w-xl px-4 py-16 text-center">
      <h1 className="text-primary text-2xl font-bold">{title}</h1>
      <div className="mt-4 text-slate-800">{children}</div>
      <Link to={href("/")} className="btn-ghost mt-8">
        Voltar para a página inicial
      </Link>
    </div>
  );
}
