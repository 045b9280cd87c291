// Whether a question form holds something typed that discarding would lose: a title, text (or an image) in
// either editor, or tags, that differ from what the form started with (empty when asking, the question when
// editing). Markup alone (an empty paragraph, spacing) is not something typed.

export type QuestionFormStart = { title: string; description: string; details: string; tags: string[] };

/** The words (and images) of rich text, for comparing what two versions say rather than their markup. */
export function richTextGist(html: string): string {
  const images = [...html.matchAll(/<img\b[^>]*\bsrc="([^"]*)"/gi)].map((match) => `[img ${match[1]}]`);
  const text = html
    .replace(/<[^>]*>/g, " ")
    .replace(/&nbsp;|&#160;/g, " ")
    .replace(/\s+/g, " ")
    .trim();
  return [text, ...images].join(" ").trim();
}

function tagsOf(values: FormDataEntryValue[]): string[] {
  return values
    .flatMap((value) => (typeof value === "string" ? value.split(",") : []))
    .map((tag) => tag.trim().toLowerCase())
    .filter(Boolean)
    .sort();
}

export function questionFormChanged(form: FormData, start: QuestionFormStart): boolean {
  const text = (name: string) =>
    form
      .getAll(name)
      .map((value) => (typeof value === "string" ? value : ""))
      .find((value) => value.trim() !== "") ?? "";
  if (text("title").trim() !== start.title.trim()) return true;
  for (const name of ["description", "details"] as const) {
    if (richTextGist(text(name)) !== richTextGist(start[name])) return true;
  }
  return tagsOf(form.getAll("tags")).join(",") !== tagsOf(start.tags).join(",");
}
