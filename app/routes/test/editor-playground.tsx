// /test/editor — a bench for the rich-text editor before the pages that write exist, and for the end-to-end
// tests: both editor layouts and the tag selector in one form, plus a raw-HTML form that posts straight to
// the same action (bypassing the editor) to prove the server's sanitiser. Not indexed; development and tests
// only (dev-only.server.ts).
import { Form, useActionData } from "react-router";
import { RichText } from "#app/components/rich-text.tsx";
import { RichTextField } from "#app/components/editor/rich-text-field.tsx";
import { TagSelector } from "#app/features/tags/components/tag-selector.tsx";
import { TAGS_MAX } from "#app/features/tags/rules.ts";
import { normaliseTagNames, suggestedTags } from "#app/features/tags/tags.server.ts";
import { viewerContext } from "#app/lib/context.ts";
import { isAppError } from "#app/lib/errors.ts";
import { pageMeta } from "#app/lib/meta.ts";
import {
  prepareRichText,
  richTextFromForm,
  richTextLength,
  sanitizeRichText,
} from "#app/lib/sanitize.server.ts";
import type { Route } from "./+types/editor-playground";
import { assertDevPages } from "./dev-only.server.ts";
import type { HydrationHandle } from "#app/lib/hydrate-on-intent.ts";

/** The spec's ten predefined tags, for an empty database. */
const FALLBACK_SUGGESTIONS = [
  "Formatação",
  "Medium",
  "Dicas",
  "Conteúdo DIgital",
  "Experiência",
  "Web",
  "Figma",
  "Corinthians",
  "Libertadores",
  "CDB",
];

export const meta: Route.MetaFunction = () => pageMeta({ title: "Editor de texto (testes)", noindex: true });

// A page for writing: the editors load as soon as it opens, as on every page a member writes on.
export const handle: HydrationHandle = { hydration: "on-load" };

export async function loader({ context }: Route.LoaderArgs) {
  assertDevPages();
  const suggested = (await suggestedTags()).map((tag) => tag.name);
  return {
    suggestions: suggested.length ? suggested : FALLBACK_SUGGESTIONS,
    signedIn: context.get(viewerContext) !== null,
  };
}

type Result = { label: string; html: string; length: number };

export async function action({ request }: Route.ActionArgs) {
  assertDevPages();
  const form = await request.formData();
  const results: Result[] = [];
  const stored = (label: string, html: string) =>
    // What a page would store (prepareRichText), shown as a page would show it (sanitised again).
    results.push({ label, html: sanitizeRichText(html), length: richTextLength(html) });
  try {
    if (form.get("intent") === "raw") {
      stored("HTML enviado direto ao servidor", prepareRichText(String(form.get("raw") ?? "")));
      return { results, tags: [] as string[], error: null };
    }
    stored("Layout compacto", richTextFromForm(form, "compact"));
    stored("Layout do blog", richTextFromForm(form, "blog"));
    const tags = normaliseTagNames(form.getAll("tags"), { max: TAGS_MAX });
    return { results, tags, error: null };
  } catch (error) {
    if (isAppError(error)) return { results, tags: [] as string[], error: error.message };
    throw error;
  }
}

export default function EditorPlayground({ loaderData }: Route.ComponentProps) {
  const result = useActionData<typeof action>();
  return (
    <div className="mx-auto flex max-w-4xl flex-col gap-10 px-4 py-8">
      <header>
        <h1 className="text-primary text-2xl font-bold">Editor de texto (página de testes)</h1>
        <p className="mt-2 text-slate-700">
          Escreva nos dois editores e envie: o servidor limpa o HTML com a mesma regra das perguntas,
          respostas e posts e mostra o resultado abaixo.
          {loaderData.signedIn ? null : " Para enviar imagens, entre na sua conta."}
        </p>
      </header>

      <Form method="post" className="flex flex-col gap-8">
        <input type="hidden" name="intent" value="editor" />
        <RichTextField name="compact" label="Texto (layout compacto)" draftKey="teste:compacto" />
        <section aria-labelledby="blog-layout-title" className="flex flex-col gap-2">
          <h2 id="blog-layout-title" className="text-lg font-semibold">
            Layout do blog
          </h2>
          <RichTextField
            name="blog"
            label="Texto do post (layout do blog)"
            layout="blog"
            draftKey="teste:blog"
          />
        </section>
        <TagSelector suggestions={loaderData.suggestions} />
        <div>
          <button type="submit" className="btn-primary">
            Enviar
          </button>
        </div>
      </Form>

      <Form method="post" className="flex flex-col gap-2">
        <input type="hidden" name="intent" value="raw" />
        <label htmlFor="raw-html" className="field-label">
          HTML bruto (enviado sem passar pelo editor)
        </label>
        <textarea id="raw-html" name="raw" rows={5} className="field-input font-mono" />
        <div>
          <button type="submit" className="btn-outline">
            Enviar HTML bruto
          </button>
        </div>
      </Form>

      {result ? (
        <section aria-labelledby="result-title" className="flex flex-col gap-6">
          <h2 id="result-title" className="text-xl font-semibold">
            Resultado
          </h2>
          {result.error ? (
            <p role="alert" className="field-error">
              {result.error}
            </p>
          ) : null}
          {result.tags.length ? <p data-testid="result-tags">Tags: {result.tags.join(", ")}</p> : null}
          {result.results.map((item) => (
            <article key={item.label} className="card" data-testid="result">
              <h3 className="font-semibold">
                {item.label}{" "}
                <span className="text-sm font-normal text-slate-600">({item.length} caracteres)</span>
              </h3>
              <RichText html={item.html} />
              <details className="mt-3 text-sm">
                <summary>HTML guardado</summary>
                <pre
                  className="mt-2 overflow-x-auto rounded bg-slate-100 p-3 whitespace-pre-wrap"
                  data-testid="stored-html"
                >
                  {item.html}
                </pre>
              </details>
            </article>
          ))}
        </section>
      ) : null}
    </div>
  );
}
