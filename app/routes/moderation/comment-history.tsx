// /comentarios/{id}/historico — a comment's versions, newest first, for the moderators: what it says now and
// each earlier text, with who changed it and when ("editado" under a comment links here).
import { data, href, Link } from "react-router";
import { commentHistory } from "#app/features/comments/comments.server.ts";
import { requireViewer } from "#app/lib/auth-guard.server.ts";
import { formatDate, isoDate } from "#app/lib/dates.ts";
import { isAppError } from "#app/lib/errors.ts";
import { formRowId } from "#app/lib/ids.ts";
import { pageMeta } from "#app/lib/meta.ts";
import type { Route } from "./+types/comment-history";

export const meta: Route.MetaFunction = () => pageMeta({ title: "Histórico do comentário", noindex: true });

export async function loader({ request, context, params }: Route.LoaderArgs) {
  const viewer = requireViewer(request, context);
  try {
    const history = await commentHistory(viewer, formRowId(params.id ?? null));
    if (!history) throw data({ message: "Comentário não encontrado." }, { status: 404 });
    return history;
  } catch (error) {
    if (isAppError(error)) throw data({ message: error.message }, { status: error.status });
    throw error;
  }
}

export default function CommentHistory({ loaderData }: Route.ComponentProps) {
  const { url, versions } = loaderData;
  return (
    <div className="mx-auto flex max-w-3xl flex-col gap-6 px-4 py-8">
      <div>
        <h1 className="text-2xl font-extrabold text-slate-900">Histórico do comentário</h1>
        <p className="mt-1 text-sm text-slate-700">
          {versions.length} {versions.length === 1 ? "versão" : "versões"}, a mais recente primeiro.{" "}
          <Link to={url} className="text-primary font-semibold hover:underline">
            Ver o comentário
          </Link>
        </p>
      </div>
      <ol className="flex flex-col gap-4" aria-label="Versões">
        {versions.map((version, i) => (
          <li key={i} className="card flex flex-col gap-2">
            <p className="text-xs text-slate-600">
              {i === 0 ? "Atual" : `Versão ${versions.length - i}`} ·{" "}
              <time dateTime={isoDate(version.at)}>{formatDate(version.at)}</time>
              {version.editor ? (
                <>
                  {" "}
                  · editado por{" "}
                  <Link
                    to={href("/u/:handle", { handle: version.editor.handle })}
                    className="text-primary hover:underline"
                  >
                    {version.editor.name}
                  </Link>
                </>
              ) : (
                " · como foi escrito"
              )}
            </p>
            <p className="break-words whitespace-pre-line text-slate-800">{version.body}</p>
          </li>
        ))}
      </ol>
    </div>
  );
}
