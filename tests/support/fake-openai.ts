import type http from "node:http";
import { parseJsonBody, startFakeHttpServer } from "./fake-http";

/**
 * A local stand-in for an OpenAI-compatible API: POST /v1/chat/completions answers with the reply
 * a test sets, GET /v1/models lists FAKE_MODELS, and every request is kept for the test to look at. It can be told to fail with a
 * status or to hang (never answer) instead.
 */
/** A part of a message whose content is a list (a vision request: text and images). */
export type FakeContentPart =
  | { type: "text"; text: string }
  | { type: "image_url"; image_url: { url: string; detail?: string } };

export interface FakeOpenAiRequest {
  path: string;
  headers: http.IncomingHttpHeaders;
  body: {
    model?: string;
    messages?: { role: string; content: string | FakeContentPart[] }[];
    [key: string]: unknown;
  };
}

/** The image data: URLs a request sent (the image_url parts of its messages), in order. */
export function sentImageUrls(request: FakeOpenAiRequest | undefined): string[] {
  return (request?.body.messages ?? []).flatMap((message) =>
    Array.isArray(message.content)
      ? message.content.flatMap((part) => (part.type === "image_url" ? [part.image_url.url] : []))
      : [],
  );
}

/** The text of a request's messages, list contents' text parts included, one message a line. */
export function sentText(request: FakeOpenAiRequest | undefined): string {
  return (request?.body.messages ?? [])
    .map((message) =>
      Array.isArray(message.content)
        ? message.content.flatMap((part) => (part.type === "text" ? [part.text] : [])).join("\n")
        : message.content,
    )
    .join("\n");
}

export interface FakeOpenAi {
  /** The base URL to configure: `http://127.0.0.1:<port>/v1`. */
  readonly baseUrl: string;
  readonly requests: FakeOpenAiRequest[];
  /** The next answers' message content. */
  reply(content: string): void;
  /** The next answers are this HTTP status with an OpenAI-style error body. */
  fail(status: number): void;
  /** The next requests get no answer at all (until close). */
  hang(): void;
  close(): Promise<void>;
}

/** The models GET /v1/models lists. */
export const FAKE_MODELS = ["gpt-4o-mini", "fake-writer"];

export async function startFakeOpenAi(): Promise<FakeOpenAi> {
  let mode:
    | { kind: "reply"; content: string }
    | { kind: "fail"; status: number }
    | { kind: "hang" } = { kind: "reply", content: "A suggestion from the fake." };
  const requests: FakeOpenAiRequest[] = [];
  const hanging = new Set<http.ServerResponse>();

  const server = await startFakeHttpServer((req, res, raw) => {
    // Kept as empty when not JSON: the test sees what was (not) sent.
    const body = (parseJsonBody(raw) ?? {}) as FakeOpenAiRequest["body"];
    requests.push({ path: req.url ?? "", headers: req.headers, body });
    const listsModels = req.method === "GET" && req.url?.endsWith("/models");
    if (!listsModels && (req.method !== "POST" || !req.url?.endsWith("/chat/completions"))) {
      res.writeHead(404, { "Content-Type": "application/json" });
      res.end(JSON.stringify({ error: { message: "Not found" } }));
      return;
    }
    if (mode.kind === "hang") {
      hanging.add(res);
      return;
    }
    if (mode.kind === "fail") {
      res.writeHead(mode.status, { "Content-Type": "application/json" });
      res.end(JSON.stringify({ error: { message: "The fake was told to fail" } }));
      return;
    }
    if (listsModels) {
      res.writeHead(200, { "Content-Type": "application/json" });
      res.end(JSON.stringify({ object: "list", data: FAKE_MODELS.map((id) => ({ id })) }));
      return;
    }
    res.writeHead(200, { "Content-Type": "application/json" });
    res.end(
      JSON.stringify({
        id: `chatcmpl-${requests.length}`,
        object: "chat.completion",
        model: body.model,
        choices: [
          {
            index: 0,
            message: { role: "assistant", content: mode.content },
            finish_reason: "stop",
          },
        ],
      }),
    );
  });

  return {
    baseUrl: `${server.url}/v1`,
    requests,
    reply(content) {
      mode = { kind: "reply", content };
    },
    fail(status) {
      mode = { kind: "fail", status };
    },
    hang() {
      mode = { kind: "hang" };
    },
    async close() {
      for (const res of hanging) res.destroy();
      await server.close();
    },
  };
}
