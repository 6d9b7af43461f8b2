/** The answer of a POST-only endpoint to any other method. */
export function methodNotAllowed() {
  return Response.json(
    { error: "Method not allowed: send a POST request" },
    { status: 405, headers: { Allow: "POST" } },
  );
}
