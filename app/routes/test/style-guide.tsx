// /test: a small living style guide of the shared UI pieces (not indexed; development and tests only).
import { useState } from "react";
import { data } from "react-router";
import { Avatar } from "#app/components/avatar.tsx";
import {
  ArrowRightIcon,
  BellIcon,
  ChatIcon,
  CloseIcon,
  CopyIcon,
  HomeIcon,
  Logo,
  MenuIcon,
  UserIcon,
} from "#app/components/icons.tsx";
import { Field, FieldError, fieldAria, Label } from "#app/components/form/field.tsx";
import { Pagination } from "#app/components/pagination.tsx";
import { formatDate } from "#app/lib/dates.ts";
import { pageMeta } from "#app/lib/meta.ts";
import type { Route } from "./+types/style-guide";
import { assertDevPages } from "./dev-only.server.ts";

const PASSWORD_EXAMPLE_ERROR = "A senha deve ter pelo menos 8 caracteres";

export function loader() {
  assertDevPages();
  return null;
}

/** Nothing to post here; in production a post gets the not-found page like a visit does. */
export function action() {
  assertDevPages();
  throw data(null, { status: 405 });
}

export const meta: Route.MetaFunction = () =>
  pageMeta({
    title: "Guia de estilo",
    description: "As peças de interface da Suporte de Domingo.",
    noindex: true,
  });

function Swatch({ name, hex, className }: { name: string; hex: string; className: string }) {
  return (
    <li className="flex items-center gap-3">
      <span className={`size-10 rounded-md border border-slate-200 ${className}`} aria-hidden="true" />
      <span className="text-sm">
        <strong>{name}</strong> <code>{hex}</code>
      </span>
    </li>
  );
}

export default function StyleGuide() {
  const [page, setPage] = useState(3);
  return (
    <div className="mx-auto max-w-5xl space-y-12 px-4 py-10">
      <header>
        <h1 className="text-primary text-3xl font-bold">Guia de estilo</h1>
        <p className="mt-2 text-slate-700">As peças compartilhadas da interface, como aparecem no site.</p>
      </header>

      <section aria-labelledby="cores" className="space-y-3">
        <h2 id="cores" className="text-xl font-semibold">
          Cores
        </h2>
        <ul className="grid gap-3 sm:grid-cols-3">
          <Swatch name="Primária" hex="#3348A4" className="bg-primary" />
          <Swatch name="Verde" hex="#2DBA4F" className="bg-green" />
          <Swatch name="Primária clara" hex="#E8EBF7" className="bg-primary-light" />
        </ul>
      </section>

      <section aria-labelledby="botoes" className="space-y-3">
        <h2 id="botoes" className="text-xl font-semibold">
          Botões
        </h2>
        <div className="flex flex-wrap gap-3">
          <button type="button" className="btn-primary">
            Primário
          </button>
          <button type="button" className="btn-green">
            Verde
          </button>
          <button type="button" className="btn-outline">
            Contorno
          </button>
          <button type="button" className="btn-ghost">
            Discreto
          </button>
          <button type="button" className="btn-primary" disabled>
            Desabilitado
          </button>
        </div>
      </section>

      <section aria-labelledby="formulario" className="max-w-md space-y-3">
        <h2 id="formulario" className="text-xl font-semibold">
          Campos
        </h2>
        <Field>
          <Label htmlFor="exemplo-email">Email</Label>
          <input id="exemplo-email" type="email" className="field-input" placeholder="Digite seu email" />
        </Field>
        <Field>
          <Label htmlFor="exemplo-erro">Senha</Label>
          <input
            id="exemplo-erro"
            type="password"
            className="field-input"
            {...fieldAria({ error: PASSWORD_EXAMPLE_ERROR, errorId: "exemplo-erro-msg" })}
            defaultValue="123"
          />
          <FieldError id="exemplo-erro-msg" errors={PASSWORD_EXAMPLE_ERROR} />
        </Field>
      </section>

      <section aria-labelledby="avatares" className="space-y-3">
        <h2 id="avatares" className="text-xl font-semibold">
          Avatar
        </h2>
        <div className="flex flex-wrap gap-6">
          <Avatar
            handle="maria-eduarda"
            name="Maria Eduarda dos Santos Lima"
            roleLine="Desenvolvedora Front-end"
            size="sm"
          />
          <Avatar handle="joao-pedro" name="João Pedro" roleLine="Engenheiro de Dados" size="md" />
          <Avatar handle="ana" name="Ana" roleLine="Designer de Produto" size="lg" />
        </div>
      </section>

      <section aria-labelledby="tags" className="space-y-3">
        <h2 id="tags" className="text-xl font-semibold">
          Tags
        </h2>
        <ul className="flex flex-wrap gap-2">
          {["Design", "Programação", "Arte", "Ciência de Dados", "Tecnologia"].map((t) => (
            <li key={t} className="tag-chip">
              {t}
            </li>
          ))}
        </ul>
      </section>

      <section aria-labelledby="datas" className="space-y-3">
        <h2 id="datas" className="text-xl font-semibold">
          Datas
        </h2>
        <p>
          <code>formatDate(&quot;2026-11-21&quot;)</code> → {formatDate("2026-11-21T12:00:00Z")}; data
          inválida → &quot;{formatDate("x")}&quot;
        </p>
      </section>

      <section aria-labelledby="icones" className="space-y-3">
        <h2 id="icones" className="text-xl font-semibold">
          Ícones e marca
        </h2>
        <div className="text-primary flex flex-wrap items-center gap-4">
          <Logo />
          <HomeIcon /> <ChatIcon /> <BellIcon /> <CopyIcon /> <UserIcon /> <MenuIcon /> <CloseIcon />{" "}
          <ArrowRightIcon />
        </div>
      </section>

      <section aria-labelledby="paginacao" className="space-y-3">
        <h2 id="paginacao" className="text-xl font-semibold">
          Paginação
        </h2>
        <p className="text-sm text-slate-700">
          Página {page} de 10 (os links mudam <code>?page=N</code>).{" "}
          <button type="button" className="btn-ghost" onClick={() => setPage((p) => (p % 10) + 1)}>
            Avançar exemplo
          </button>
        </p>
        <Pagination page={page} totalPages={10} />
      </section>

      <section aria-labelledby="texto-rico" className="space-y-3">
        <h2 id="texto-rico" className="text-xl font-semibold">
          Texto rico
        </h2>
        <div className="rich-text">
          <p>
            Um parágrafo com <strong>negrito</strong>, <em>itálico</em>, <u>sublinhado</u>, <s>traçado</s> e{" "}
            <code>código</code>.
          </p>
          <ul>
            <li>Item de lista</li>
            <li>Outro item</li>
          </ul>
          <pre>
            <code>{"const saudacao = 'Bom domingo!';"}</code>
          </pre>
        </div>
      </section>
    </div>
  );
}
