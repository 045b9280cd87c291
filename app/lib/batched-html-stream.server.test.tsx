import { Suspense, use } from "react";
import { renderToPipeableStream, renderToString } from "react-dom/server";
import { describe, expect, it } from "vitest";
import { BatchedHtmlStream } from "./batched-html-stream.server.ts";

function Answers({ count }: { count: number }) {
  return (
    <ol>
      {Array.from({ length: count }, (_, i) => (
        <li key={i}>
          <p>Resposta {i}: ação, emoji 🎉, código a &lt; b</p>
          <div dangerouslySetInnerHTML={{ __html: `<pre>${"x".repeat(3000)}</pre>` }} />
        </li>
      ))}
    </ol>
  );
}

function Late({ promise }: { promise: Promise<string> }) {
  return <p>{use(promise)}</p>;
}

function render(element: React.ReactElement) {
  return new Promise<Array<{ text: string; at: number }>>((resolve, reject) => {
    const chunks: Array<{ text: string; at: number }> = [];
    const started = performance.now();
    const stream = new BatchedHtmlStream();
    stream.on("data", (chunk: Buffer) =>
      chunks.push({ text: chunk.toString(), at: performance.now() - started }),
    );
    stream.on("end", () => resolve(chunks));
    stream.on("error", reject);
    const { pipe } = renderToPipeableStream(element, {
      onShellReady: () => pipe(stream),
      onShellError: reject,
    });
  });
}

describe("BatchedHtmlStream", () => {
  it("hands on a page React wrote in dozens of pieces as one chunk, byte for byte", async () => {
    const chunks = await render(<Answers count={40} />);
    expect(chunks).toHaveLength(1);
    expect(chunks[0]!.text).toBe(renderToString(<Answers count={40} />));
  });

  it("still streams: a part that waits arrives as its own later chunk", async () => {
    let release!: (text: string) => void;
    const promise = new Promise<string>((resolve) => (release = resolve));
    const pending = render(
      <main>
        <Answers count={5} />
        <Suspense fallback={<p>Carregando…</p>}>
          <Late promise={promise} />
        </Suspense>
      </main>,
    );
    setTimeout(() => release("Chegou depois"), 50);
    const chunks = await pending;
    expect(chunks.length).toBeGreaterThanOrEqual(2);
    expect(chunks[0]!.text).toContain("Carregando…");
    expect(chunks[0]!.text).not.toContain("Chegou depois");
    expect(chunks.at(-1)!.text).toContain("Chegou depois");
    expect(chunks.at(-1)!.at).toBeGreaterThan(chunks[0]!.at + 30);
  });
});
