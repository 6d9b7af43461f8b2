import { setImmediate as nextTurn } from "node:timers/promises";
import { describe, expect, it } from "vitest";
import { CoalescingStream } from "./coalescing-stream.server";

function collect(stream: CoalescingStream) {
  const chunks: string[] = [];
  stream.on("data", (chunk: Buffer) => chunks.push(chunk.toString()));
  return chunks;
}

describe("CoalescingStream", () => {
  it("passes on what is written in one turn as one chunk, in order", async () => {
    const stream = new CoalescingStream();
    const chunks = collect(stream);
    for (const part of ["<html>", "<body>", "page", "</body>"]) stream.write(part);
    await nextTurn();
    expect(chunks).toEqual(["<html><body>page</body>"]);
  });

  it("passes on a later part as soon as it is written, without waiting for the end", async () => {
    const stream = new CoalescingStream();
    const chunks = collect(stream);
    stream.write("shell");
    await nextTurn();
    stream.write("late part");
    await nextTurn();
    expect(chunks).toEqual(["shell", "late part"]);
  });

  it("passes on what is left when the writer ends, and says it ended", async () => {
    let ended = false;
    const stream = new CoalescingStream(() => {
      ended = true;
    });
    const chunks = collect(stream);
    const finished = new Promise((resolve) => stream.on("end", resolve));
    stream.write("a");
    stream.end("b");
    await finished;
    expect(ended).toBe(true);
    expect(chunks).toEqual(["ab"]);
  });
});
