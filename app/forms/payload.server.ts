import { readBodyBytes } from "~/lib/http.server";
import type { FormError } from "~/schemas/forms";

/** Form bodies are a few kilobytes; anything far larger is not a visitor filling in a form. */
const MAX_BODY_BYTES = 64 * 1024;

export type PayloadResult =
  | { ok: true; values: Record<string, unknown> }
  | { ok: false; status: number; body: FormError };

function refuse(status: number, error: string): PayloadResult {
  return { ok: false, status, body: { error } };
}

async function readText(request: Request, maxBytes: number): Promise<string | null> {
  const bytes = await readBodyBytes(request, maxBytes);
  return bytes === null ? null : bytes.toString("utf8");
}

export interface PayloadOptions {
  /** Largest body read; 64 KB unless an endpoint takes more (the post API: an article). */
  maxBytes?: number;
  /** Refuse form posts (415): for endpoints only scripts call. */
  jsonOnly?: boolean;
}

/**
 * The submitted fields, from a JSON body (the API and the browser's script) or a form post
 * (a browser before its JavaScript has loaded). Text fields only.
 */
export async function readFormPayload(
  request: Request,
  { maxBytes = MAX_BODY_BYTES, jsonOnly = false }: PayloadOptions = {},
): Promise<PayloadResult> {
  const type = (request.headers.get("content-type") ?? "").split(";")[0]?.trim().toLowerCase();
  const isJson = type === "application/json";
  const isForm =
    !jsonOnly && (type === "application/x-www-form-urlencoded" || type === "multipart/form-data");
  if (!isJson && !isForm) {
    return refuse(
      415,
      jsonOnly ? "Send the fields as JSON" : "Send the fields as JSON or as a form",
    );
  }
  if (type === "multipart/form-data") {
    // Visitor forms carry no files; the size check still applies before parsing.
    if (!request.headers.has("content-length")) {
      return refuse(411, "The request needs a Content-Length");
    }
    if (Number(request.headers.get("content-length")) > maxBytes) {
      return refuse(413, "The request is too large");
    }
    try {
      const form = await request.formData();
      const values: Record<string, unknown> = {};
      for (const [key, value] of form) if (typeof value === "string") values[key] = value;
      return { ok: true, values };
    } catch {
      return refuse(400, "The form data could not be read");
    }
  }
  const text = await readText(request, maxBytes);
  if (text === null) return refuse(413, "The request is too large");
  if (isForm) {
    return { ok: true, values: Object.fromEntries(new URLSearchParams(text)) };
  }
  let parsed: unknown;
  try {
    parsed = JSON.parse(text);
  } catch {
    return refuse(400, "The request body is not valid JSON");
  }
  if (typeof parsed !== "object" || parsed === null || Array.isArray(parsed)) {
    return refuse(400, "The request body must be a JSON object");
  }
  return { ok: true, values: parsed as Record<string, unknown> };
}

export type PageFormResult =
  | { ok: true; values: Record<string, unknown> }
  | { ok: false; status: 413; error: string };

/**
 * The fields of a page's own form (sign-in, password reset), under the same 64 KB cap as every
 * other form. A body too large is refused with 413; one that is no form at all (garbage, a wrong
 * content type) reads as no fields, which the page's schema then refuses field by field.
 */
export async function readPageForm(request: Request): Promise<PageFormResult> {
  const payload = await readFormPayload(request);
  if (payload.ok) return payload;
  if (payload.status === 413) return { ok: false, status: 413, error: payload.body.error };
  return { ok: true, values: {} };
}
