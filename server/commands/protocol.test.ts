import { describe, expect, it } from "vitest";
import { type CommandLine, ndjsonWriter, readNdjson } from "./protocol";

/** What the writer wrote, as the bytes of a response body cut into chunks of `size` bytes. */
function written(lines: CommandLine[], size: number, extra = "") {
  let text = "";
  const send = ndjsonWriter({ write: (chunk: string) => (text += chunk) });
  for (const line of lines) send(line);
  const bytes = new TextEncoder().encode(text + extra);
  return (async function* () {
    for (let at = 0; at < bytes.length; at += size) yield bytes.slice(at, at + size);
  })();
}

async function readAll(chunks: AsyncIterable<Uint8Array | string>) {
  const lines: CommandLine[] = [];
  for await (const line of readNdjson(chunks)) lines.push(line);
  return lines;
}

const lines: CommandLine[] = [
  { type: "progress", progress: { done: 1, total: 2, originalName: "Café → ünïcode.jpg" } },
  { type: "progress", progress: "Importing web_posts.csv\nwith a line break" },
  { type: "result", result: { created: true, email: "a@example.com", nested: [1, [2]] } },
];

describe("the command protocol", () => {
  it("reads back every line the writer wrote, however the body is cut into chunks", async () => {
    for (const size of [1, 2, 3, 7, 64, 10_000]) {
      expect(await readAll(written(lines, size))).toEqual(lines);
    }
  });

  it("reads an error line as it was written", async () => {
    const failed: CommandLine[] = [{ type: "error", error: "The server could not back up: full" }];
    expect(await readAll(written(failed, 5))).toEqual(failed);
  });

  it("skips blank lines and a last line the server did not finish", async () => {
    const chunks = ['\n{"type":"progress","progress":1}\n', "\n  \n", '{"type":"result","res'];
    expect(
      await readAll(
        (async function* () {
          yield* chunks;
        })(),
      ),
    ).toEqual([{ type: "progress", progress: 1 }]);
    expect(await readAll(written(lines, 4, '{"type":"res'))).toEqual(lines);
  });
});
