/** The answer of a POST-only endpoint to any other method. */
export function methodNotAllowed() {
  return Response.json(
    { error: "Method not allowed: send a POST request" },
    { status: 405, headers: { Allow: "POST" } },
  );
}

/**
 * The body's exact bytes, or null when it is larger than `maxBytes` (by its Content-Length, or
 * once that many arrived: reading stops there).
 */
export async function readBodyBytes(request: Request, maxBytes: number): Promise<Buffer | null> {
  const declared = Number(request.headers.get("content-length") ?? "0");
  if (declared > maxBytes) return null;
  if (!request.body) return Buffer.alloc(0);
  const reader = request.body.getReader();
  const chunks: Uint8Array[] = [];
  let size = 0;
  for (;;) {
    const { done, value } = await reader.read();
    if (done) break;
    size += value.byteLength;
    if (size > maxBytes) {
      await reader.cancel();
      return null;
    }
    chunks.push(value);
  }
  return Buffer.concat(chunks);
}
