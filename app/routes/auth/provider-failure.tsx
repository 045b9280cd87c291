// The page of a sign-in with GitHub or Google that did not go through: a refused consent, a provider that
// is down, a replayed or forged `state`, an unverified e-mail. Nothing was created.
import { Link, href } from "react-router";

export function ProviderFailure({ message }: { message: string }) {
  return (
    <div className="mx-auto max-w-md px-4 py-10 sm:py-16">
      <div className="card p-6">
        <h1 className="text-primary text-xl font-bold">Não foi possível entrar</h1>
        <p role="alert" className="mt-4 rounded-md bg-red-50 px-3 py-2 text-sm text-red-800">
          {message}
        </p>
        <p className="mt-6 flex flex-wrap gap-3">
          <Link to={href("/entrar")} className="btn-primary">
            Voltar ao Login
          </Link>
          <Link to={href("/")} className="btn-outline">
            Ir para o início
          </Link>
        </p>
      </div>
    </div>
  );
}
