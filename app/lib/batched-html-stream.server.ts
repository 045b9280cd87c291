// React's stream renderer writes a page in 4 KB pieces (long strings, such as an answer's HTML, on their own)
// and calls `flush()` on its destination when a batch is complete. Passed on one by one, a question page's
// ~70 pieces would each cross the web stream React Router answers with and reach the socket as separate
// writes. This destination gathers each batch and hands it on as a single chunk: streaming still works
// (a suspended part of the page arrives as its own batch), the pieces just stop travelling alone.
import { Transform, type TransformCallback, type TransformOptions } from "node:stream";

export class BatchedHtmlStream extends Transform {
  #pending: Buffer[] = [];
  #size = 0;

  constructor(options?: TransformOptions) {
    super(options);
  }

  override _transform(chunk: Buffer, _encoding: BufferEncoding, callback: TransformCallback) {
    this.#pending.push(chunk);
    this.#size += chunk.length;
    callback();
  }

  /** Called by React when it has written everything it can for now. */
  flush() {
    if (this.#size === 0) return;
    const batch = this.#pending.length === 1 ? this.#pending[0]! : Buffer.concat(this.#pending, this.#size);
    this.#pending = [];
    this.#size = 0;
    this.push(batch);
  }

  override _flush(callback: TransformCallback) {
    this.flush();
    callback();
  }
}
