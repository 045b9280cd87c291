// A comment's text as the server rendered and sanitised it (renderComment in sanitize.server.ts): code spans,
// bold, italic and links, styled here because the sanitiser keeps no classes. No JavaScript of its own.
export function CommentText({ html, className = "" }: { html: string; className?: string }) {
  return (
    <span
      className={`[&_a]:text-primary break-words [&_a]:break-all [&_a]:underline [&_code]:rounded [&_code]:bg-slate-100 [&_code]:px-1 [&_code]:font-mono [&_code]:text-[0.9em] [&_code]:text-slate-900 ${className}`}
      dangerouslySetInnerHTML={{ __html: html }}
    />
  );
}
