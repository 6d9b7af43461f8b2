import { Transform, type TransformCallback } from "node:stream";

/**
 * What React writes in one turn of the event loop, passed on as one chunk. React writes a page in
 * pieces of about 2 kB, and each piece that reaches the response is compressed with a flush of its
 * own (React Router flushes after every chunk, so that a streamed part goes out at once) and sent
 * in a write of its own: for a whole page, dozens of flushes, writes and stream reads, and a
 * gzipped page half as large again. A part that comes later (a slow loader's data) still goes out
 * as soon as it is written.
 */
export class CoalescingStream extends Transform {
  private parts: Buffer[] = [];
  private scheduled = false;

  /** `onEnd` runs when the writer has ended, before the last chunk is passed on. */
  constructor(private onEnd: () => void = () => {}) {
    super();
  }

  private pass = () => {
    this.scheduled = false;
    if (this.parts.length === 0) return;
    this.push(this.parts.length === 1 ? this.parts[0] : Buffer.concat(this.parts));
    this.parts = [];
  };

  override _transform(chunk: Buffer, _encoding: BufferEncoding, callback: TransformCallback) {
    this.parts.push(chunk);
    if (!this.scheduled) {
      this.scheduled = true;
      setImmediate(this.pass);
    }
    callback();
  }

  override _flush(callback: TransformCallback) {
    this.onEnd();
    this.pass();
    callback();
  }
}
