/**
 * How a command reaches the running server: the server writes a token into DATA_DIR, the command
 * sends it back in a header, and the server streams its answer as lines of JSON (progress, then
 * the result or an error). Imports nothing, so the server and the command line share it freely.
 */

/** The file in DATA_DIR holding the running server's command token. */
export const COMMAND_TOKEN_FILE = "admin-command.token";

/** The request header that carries the token. */
export const COMMAND_TOKEN_HEADER = "x-admin-command-token";

/** The content type of the streamed answer: one JSON object a line. */
export const NDJSON_TYPE = "application/x-ndjson";

/** A line of the streamed answer: progress (any number), then one result or one error. */
export type CommandLine<P = unknown, R = unknown> =
  | { type: "progress"; progress: P }
  | { type: "result"; result: R }
  | { type: "error"; error: string };

/** Writes lines of JSON to `stream` (an HTTP response), one object a line. */
export function ndjsonWriter<P, R>(stream: { write(chunk: string): unknown }) {
  return (line: CommandLine<P, R>) => {
    stream.write(`${JSON.stringify(line)}\n`);
  };
}

/**
 * The lines of JSON in `chunks` (a response body), as they arrive. Blank lines are skipped, and so
 * is an unfinished last line (the server stopped while writing it).
 */
export async function* readNdjson<P, R>(
  chunks: AsyncIterable<Uint8Array | string>,
): AsyncGenerator<CommandLine<P, R>> {
  let rest = "";
  const decoder = new TextDecoder();
  for await (const chunk of chunks) {
    rest += typeof chunk === "string" ? chunk : decoder.decode(chunk, { stream: true });
    const lines = rest.split("\n");
    rest = lines.pop() ?? "";
    for (const text of lines) {
      if (text.trim()) yield JSON.parse(text) as CommandLine<P, R>;
    }
  }
}
