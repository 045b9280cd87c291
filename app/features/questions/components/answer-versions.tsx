// What an answer says it was tested on: chips ("node 24"), the "pode estar desatualizada desde" notice, the
// reader's badge ("Se aplica à sua versão") and the member's "Não funciona mais na versão…" form. Rendered
// inside the kept answer card (ADR 031): everything comes from props.
import { useFetcher } from "react-router";
import { useSignInFirst } from "#app/lib/sign-in-first.ts";
import type { FormActionData } from "../schemas.ts";
import { versionLabel, type Applicability, type OutdatedSince, type TaggedVersion } from "../versions.ts";

export function VersionChips({ versions, answerId }: { versions: TaggedVersion[]; answerId: number }) {
  if (versions.length === 0) return null;
  return (
    <div className="mb-2 flex flex-wrap items-center gap-2 text-xs">
      <span id={`resposta-${answerId}-testada`} className="font-medium text-slate-600">
        Testada em
      </span>
      <ul aria-labelledby={`resposta-${answerId}-testada`} className="flex flex-wrap gap-1.5">
        {versions.map((v) => (
          <li
            key={v.tag}
            aria-label={`Testada em ${versionLabel(v)}`}
            className="rounded-full border border-slate-300 bg-slate-50 px-2.5 py-0.5 font-mono text-slate-800"
          >
            {versionLabel(v)}
          </li>
        ))}
      </ul>
    </div>
  );
}

export function OutdatedNotice({ since }: { since: OutdatedSince | null }) {
  if (!since) return null;
  return (
    <p role="note" className="mb-2 rounded-md bg-amber-50 px-3 py-2 text-sm text-amber-900">
      Pode estar desatualizada desde {versionLabel(since)}
    </p>
  );
}

export function ApplicabilityBadge({
  value,
  reader,
}: {
  value: Applicability;
  reader: TaggedVersion | null;
}) {
  if (!value || !reader) return null;
  const text =
    value === "applies"
      ? "Se aplica à sua versão"
      : value === "outdated"
        ? "Pode não funcionar na sua versão"
        : "Testada em outra versão";
  const tone =
    value === "applies"
      ? "bg-green-100 text-green-900"
      : value === "outdated"
        ? "bg-amber-100 text-amber-900"
        : "bg-slate-100 text-slate-700";
  return (
    <p className={`mr-2 mb-2 inline-flex rounded-full px-3 py-0.5 text-xs font-semibold ${tone}`}>
      {text} ({versionLabel(reader)})
    </p>
  );
}

/**
 * "Não funciona mais na versão…": a tag of the question and a version; the member's own mark can be retracted.
 * A visitor's mark opens the sign-in modal and is sent once they are in (lib/sign-in-first.ts); without
 * JavaScript the action sends them to /entrar and back.
 */
export function OutdatedMarkForm({
  answerId,
  tags,
  myMark,
}: {
  answerId: number;
  tags: string[];
  myMark: TaggedVersion | null;
}) {
  const fetcher = useFetcher<FormActionData>({ key: `outdated-${answerId}` });
  // A member who had marked it already keeps their mark (they retract it themselves).
  const signInFirst = useSignInFirst(fetcher, `outdated-${answerId}`, () => Boolean(myMark));
  const target = `answer-${answerId}`;
  const reply =
    fetcher.state === "idle" && fetcher.data && fetcher.data.target === target ? fetcher.data : undefined;
  const error = reply && !reply.ok ? reply.message : undefined;
  if (tags.length === 0) return null;
  if (myMark) {
    return (
      <fetcher.Form method="post" preventScrollReset className="flex flex-wrap items-center gap-2 text-xs">
        <input type="hidden" name="intent" value="retract-outdated" />
        <input type="hidden" name="answerId" value={answerId} />
        <input type="hidden" name="kind" value="answer" />
        <input type="hidden" name="id" value={answerId} />
        <span className="text-slate-700">Você marcou: não funciona mais em {versionLabel(myMark)}.</span>
        <button type="submit" className="btn-ghost py-1 text-xs" disabled={fetcher.state !== "idle"}>
          Retirar marca
        </button>
        {error ? (
          <span role="alert" className="field-error">
            {error}
          </span>
        ) : null}
      </fetcher.Form>
    );
  }
  const id = `desatualizada-${answerId}`;
  return (
    <details className="text-xs">
      <summary className="cursor-pointer py-1 text-slate-600 hover:underline">
        Não funciona mais na versão…
      </summary>
      <fetcher.Form
        method="post"
        preventScrollReset
        onSubmit={signInFirst}
        className="mt-2 flex flex-wrap items-end gap-2"
      >
        <input type="hidden" name="intent" value="mark-outdated" />
        <input type="hidden" name="answerId" value={answerId} />
        <input type="hidden" name="kind" value="answer" />
        <input type="hidden" name="id" value={answerId} />
        <div className="flex flex-col gap-1">
          <label htmlFor={`${id}-tag`} className="font-medium text-slate-700">
            Tag
          </label>
          <select id={`${id}-tag`} name="tag" className="field-input w-auto py-1">
            {tags.map((tag) => (
              <option key={tag} value={tag}>
                {tag}
              </option>
            ))}
          </select>
        </div>
        <div className="flex flex-col gap-1">
          <label htmlFor={`${id}-versao`} className="font-medium text-slate-700">
            Versão
          </label>
          <input
            id={`${id}-versao`}
            name="version"
            required
            inputMode="decimal"
            maxLength={24}
            className="field-input w-24 py-1"
            aria-invalid={error ? true : undefined}
            aria-describedby={error ? `${id}-erro` : undefined}
          />
        </div>
        <button type="submit" className="btn-outline py-1 text-xs" disabled={fetcher.state !== "idle"}>
          Marcar como desatualizada
        </button>
        {error ? (
          <p id={`${id}-erro`} role="alert" className="field-error w-full">
            {error}
          </p>
        ) : null}
      </fetcher.Form>
    </details>
  );
}
