// /tags — every tag with how many questions carry it ('Ver mais tópicos' leads here), most used first; members who
// may create tags (a moderator preparing a young site, the privilege's holders) add one with its description here.
import { Form, Link, data, href, redirect } from "react-router";
import { FieldError, Label, fieldAria } from "#app/components/form/field.tsx";
import { Pagination, pageFromUrl } from "#app/components/pagination.tsx";
import { countLabel } from "#app/lib/plural.ts";
import { listTagDirectory, type TagDirectorySort } from "#app/features/tags/tag-directory.server.ts";
import { TAG_DESCRIPTION_MAX_LENGTH, TAG_NAME_MAX_LENGTH } from "#app/features/tags/rules.ts";
import { hasPrivilege } from "#app/features/moderation/rules.ts";
import { createTag } from "#app/features/tags/tags.server.ts";
import { requireViewer } from "#app/lib/auth-guard.server.ts";
import { viewerContext } from "#app/lib/context.ts";
import { isAppError } from "#app/lib/errors.ts";
import { writeChanges } from "#app/lib/visitor-page-topics.server.ts";
import { publicUrl } from "#app/lib/env.server.ts";
import { pageMeta } from "#app/lib/meta.ts";
import type { Route } from "./+types/tag-list";

export async function loader({ request, context }: Route.LoaderArgs) {
  const url = new URL(request.url);
  const sort: TagDirectorySort = url.searchParams.get("sort") === "name" ? "name" : "popular";
  const filter = (url.searchParams.get("q") ?? "").trim().slice(0, 35);
  const viewer = context.get(viewerContext);
  const directory = await listTagDirectory({ page: pageFromUrl(url), sort, filter });
  // The form is for those who hold the privilege (moderators included), not the young site's exception.
  const canCreateTags = hasPrivilege(viewer, "createTag");
  return { ...directory, sort, filter, canCreateTags, url: `${publicUrl()}/tags` };
}

type CreateTagReply = {
  errors: { name?: string; description?: string; form?: string };
  values: Record<string, string>;
};

export async function action({ request, context }: Route.ActionArgs) {
  const viewer = requireViewer(request, context);
  const form = await request.formData();
  const values = {
    name: String(form.get("name") ?? ""),
    description: String(form.get("description") ?? ""),
  };
  // Only the directory lists a tag no question carries yet; it refreshes with the lists.
  writeChanges(context);
  try {
    const tag = await createTag(viewer, values);
    return redirect(`${href("/tags")}?q=${encodeURIComponent(tag.name)}`);
  } catch (error) {
    if (!isAppError(error)) throw error;
    const field = error.field === "name" || error.field === "description" ? error.field : "form";
    return data<CreateTagReply>({ errors: { [field]: error.message }, values }, { status: error.status });
  }
}

function CreateTagForm({ reply }: { reply: CreateTagReply | undefined }) {
  const errors = reply?.errors ?? {};
  return (
    <details className="card" open={reply ? true : undefined}>
      <summary className="text-primary cursor-pointer font-semibold">Criar tag</summary>
      <Form method="post" className="mt-4 flex max-w-xl flex-col gap-4">
        {errors.form ? (
          <p role="alert" className="field-error">
            {errors.form}
          </p>
        ) : null}
        <div>
          <Label htmlFor="nova-tag-nome">Nome</Label>
          <input
            id="nova-tag-nome"
            name="name"
            required
            maxLength={TAG_NAME_MAX_LENGTH}
            defaultValue={reply?.values.name}
            className="field-input"
            {...fieldAria({ error: errors.name, errorId: "nova-tag-nome-erro" })}
          />
          <FieldError id="nova-tag-nome-erro" errors={errors.name} />
        </div>
        <div>
          <Label htmlFor="nova-tag-descricao">Descrição (opcional)</Label>
          <textarea
            id="nova-tag-descricao"
            name="description"
            rows={3}
            maxLength={TAG_DESCRIPTION_MAX_LENGTH}
            defaultValue={reply?.values.description}
            className="field-input"
            {...fieldAria({ error: errors.description, errorId: "nova-tag-descricao-erro" })}
          />
          <FieldError id="nova-tag-descricao-erro" errors={errors.description} />
        </div>
        <button type="submit" className="btn-primary self-start">
          Criar tag
        </button>
      </Form>
    </details>
  );
}

export const meta: Route.MetaFunction = ({ loaderData }) =>
  pageMeta({
    title: "Tópicos",
    description: "Todos os tópicos da comunidade, com quantas perguntas cada um tem.",
    url: loaderData?.url,
    noindex: Boolean(loaderData?.filter) || (loaderData?.page ?? 1) > 1,
  });

export default function TagList({ loaderData, actionData }: Route.ComponentProps) {
  const { tags, total, page, totalPages, sort, filter, canCreateTags } = loaderData;
  const sortHref = (value: TagDirectorySort) => {
    const params = new URLSearchParams();
    if (filter) params.set("q", filter);
    if (value === "name") params.set("sort", "name");
    const search = params.toString();
    return `${href("/tags")}${search ? `?${search}` : ""}`;
  };
  return (
    <div className="mx-auto flex max-w-7xl flex-col gap-6 px-4 py-8">
      <div className="flex flex-wrap items-end justify-between gap-4">
        <div>
          <h1 className="text-primary text-2xl font-bold md:text-3xl">Tópicos</h1>
          <p className="mt-1 max-w-prose text-slate-700">
            Uma tag diz do que uma pergunta trata. Escolha uma para ver as perguntas sobre ela.
          </p>
        </div>
        <Link to={href("/questions")} className="btn-outline">
          Todas as Perguntas
        </Link>
      </div>
      {canCreateTags ? <CreateTagForm reply={actionData} /> : null}
      <div className="flex flex-wrap items-center justify-between gap-3">
        <Form
          method="get"
          action={href("/tags")}
          className="flex items-end gap-2"
          role="search"
          aria-label="Pesquisar tags"
        >
          {sort === "name" ? <input type="hidden" name="sort" value="name" /> : null}
          <div>
            <Label htmlFor="filtro-tags">Filtrar tópicos</Label>
            <input
              id="filtro-tags"
              name="q"
              type="search"
              defaultValue={filter}
              maxLength={35}
              placeholder="ex: python"
              className="field-input w-56"
            />
          </div>
          <button type="submit" className="btn-primary">
            Filtrar
          </button>
        </Form>
        <nav aria-label="Ordenar tópicos">
          <ul className="flex gap-1 rounded-lg border border-slate-200 p-1">
            {(
              [
                ["popular", "Populares"],
                ["name", "Nome"],
              ] as const
            ).map(([value, label]) => (
              <li key={value}>
                <Link
                  to={sortHref(value)}
                  aria-current={sort === value ? "page" : undefined}
                  className={`block rounded-md px-3 py-1.5 text-sm font-medium ${
                    sort === value ? "bg-primary text-white" : "text-slate-700 hover:bg-slate-100"
                  }`}
                >
                  {label}
                </Link>
              </li>
            ))}
          </ul>
        </nav>
      </div>
      <p className="text-sm text-slate-700">{countLabel(total, "tópico", "tópicos")}</p>
      {tags.length ? (
        <ul className="grid gap-4 sm:grid-cols-2 lg:grid-cols-3 xl:grid-cols-4">
          {tags.map((tag) => (
            <li key={tag.slug} className="card flex flex-col gap-2">
              <div>
                <Link to={href("/questions/tagged/:tag", { tag: tag.slug })} className="tag-chip text-sm">
                  {tag.name}
                </Link>
              </div>
              {tag.description ? (
                <p className="line-clamp-3 text-sm text-slate-700">{tag.description}</p>
              ) : null}
              <p className="mt-auto text-xs text-slate-600">
                {countLabel(tag.questionCount, "pergunta", "perguntas")}
                {tag.postCount ? ` · ${countLabel(tag.postCount, "post", "posts")}` : ""}
              </p>
            </li>
          ))}
        </ul>
      ) : (
        <p className="card text-center text-slate-700">Nenhum tópico encontrado.</p>
      )}
      <Pagination page={page} totalPages={totalPages} />
    </div>
  );
}
