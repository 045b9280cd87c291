// A word diff as the history and the review queue show it: kept text as is, added words in <ins> (underlined, green), removed ones
// in <del> (struck through, red). Not by colour alone: the lines and, for screen readers, "adicionado:" /
// "removido:" before each change. Member text is only ever React text here, never markup. A replacement
// (removed words right before added ones) gets a small gap so the two do not read as one word.

export type DiffSegment = { kind: "same" | "added" | "removed"; text: string };

export type TextDiff = {
  segments: DiffSegment[];
  /** The text was longer than the history compares; only its beginning is shown. */
  truncated: boolean;
  /** The words are the same; only the formatting (or a link's address) changed. */
  formattingOnly?: boolean;
};

function Change({ segment }: { segment: DiffSegment }) {
  if (segment.kind === "same") return <>{segment.text}</>;
  if (segment.kind === "added") {
    return (
      <ins className="rounded-sm bg-green-100 text-green-950 underline decoration-green-800 decoration-2 underline-offset-2 [del+&]:ms-1">
        <span className="sr-only">[adicionado: </span>
        {segment.text}
        <span className="sr-only">]</span>
      </ins>
    );
  }
  return (
    <del className="rounded-sm bg-red-100 text-red-950 line-through decoration-red-800 decoration-2">
      <span className="sr-only">[removido: </span>
      {segment.text}
      <span className="sr-only">]</span>
    </del>
  );
}

/** The changes of a text, in the running text they belong to. */
export function DiffSegments({ segments }: { segments: DiffSegment[] }) {
  return segments.map((segment, i) => <Change key={i} segment={segment} />);
}

/** A text field's diff; line breaks (paragraphs, code) are kept. */
export function DiffText({ diff, label }: { diff: TextDiff; label: string }) {
  return (
    <div className="flex flex-col gap-1">
      <p className="text-sm font-semibold text-slate-700">{label}</p>
      {diff.formattingOnly ? (
        <p className="text-sm text-slate-600">Só a formatação mudou; o texto é o mesmo.</p>
      ) : null}
      {diff.segments.length ? (
        <p className="text-base leading-relaxed break-words whitespace-pre-wrap text-slate-900">
          <DiffSegments segments={diff.segments} />
        </p>
      ) : null}
      {diff.truncated ? (
        <p className="text-xs text-slate-600">Texto longo: a comparação mostra só o começo dele.</p>
      ) : null}
    </div>
  );
}

/** The tags' diff: each tag a chip, added ones underlined, removed ones struck through. */
export function DiffTags({ segments }: { segments: DiffSegment[] }) {
  return (
    <div className="flex flex-col gap-1">
      <p className="text-sm font-semibold text-slate-700">Tags</p>
      <ul aria-label="Tags" className="flex flex-wrap gap-2">
        {segments.map((segment, i) => (
          <li key={i} className="tag-chip">
            <Change segment={segment} />
          </li>
        ))}
      </ul>
    </div>
  );
}
