import fc from "fast-check";

/**
 * How a fuzz payload travels: as JSON, as a form post (urlencoded or multipart), or as a body a
 * well-behaved client never sends (malformed JSON, a wrong or lying content type, nothing).
 */
export interface FuzzBody {
  /** What the request claims; undefined sends no Content-Type. */
  contentType?: string;
  body?: string | Uint8Array | FormData;
  /** The encoding chosen, for the report. */
  kind: string;
}

/** JSON.stringify that never throws (bigint, cycles) and always gives text. */
export function toJson(value: unknown): string {
  try {
    return JSON.stringify(value, (_key, v) => (typeof v === "bigint" ? v.toString() : v)) ?? "null";
  } catch {
    return '"unserialisable"';
  }
}

/** The payload as form fields: text stays text, anything else its JSON (what a form can carry). */
export function toFormFields(payload: unknown): [string, string][] {
  if (payload === null || typeof payload !== "object" || Array.isArray(payload)) {
    return [["value", typeof payload === "string" ? payload : toJson(payload)]];
  }
  const fields: [string, string][] = [];
  for (const key of Object.keys(payload)) {
    const value = (payload as Record<string, unknown>)[key];
    if (value === undefined) continue;
    // Repeated keys, the way a form with several checkboxes of one name posts them.
    if (Array.isArray(value) && value.every((item) => typeof item === "string")) {
      for (const item of value) fields.push([key, item]);
      if (value.length === 0) fields.push([key, ""]);
    } else {
      fields.push([key, typeof value === "string" ? value : toJson(value)]);
    }
  }
  return fields;
}

const malformedJson = fc.constantFrom(
  "{",
  '{"email":',
  '{"a":1,}',
  "{'a':1}",
  '{"a":NaN}',
  '{"a":undefined}',
  "[[[[[[[[[[[[[[[[[[[[",
  `${"[".repeat(50_000)}${"]".repeat(50_000)}`,
  `{"a":${'{"a":'.repeat(5_000)}1${"}".repeat(5_000)}}`,
  "\uFEFF{}",
  "null",
  "true",
  '"just a string"',
  "1e999999",
  '{"__proto__":{"isAdmin":true},"constructor":{"prototype":{"x":1}}}',
  '{"email":"a@b.co","email":"dup@b.co"}',
  "\u0000",
  "",
);

const invalidUtf8 = fc
  .uint8Array({ minLength: 1, maxLength: 64 })
  .map((bytes) => Uint8Array.from([0x7b, 0xff, 0xfe, ...bytes, 0xc3]));

const lyingTypes = fc.constantFrom(
  "text/plain",
  "text/plain;charset=UTF-8",
  "application/xml",
  "application/octet-stream",
  "application/json; charset=utf-16",
  "application/json, text/html",
  "APPLICATION/JSON",
  "application/x-www-form-urlencoded; charset=iso-8859-1",
  "multipart/form-data",
  "multipart/form-data; boundary=",
  "multipart/form-data; boundary=nothing-matches",
  "application/graphql",
  "*/*",
  "",
);

export interface EncodingOptions {
  /** How often a payload goes as a form post rather than JSON (page actions: mostly forms). */
  formWeight?: number;
  jsonWeight?: number;
}

/** Arbitrary request bodies for `payloads`, mostly well-formed, some broken on purpose. */
export function encodedBodies(
  payloads: fc.Arbitrary<unknown>,
  { formWeight = 3, jsonWeight = 5 }: EncodingOptions = {},
): fc.Arbitrary<FuzzBody> {
  const json = payloads.map(
    (payload): FuzzBody => ({
      kind: "json",
      contentType: "application/json",
      body: toJson(payload),
    }),
  );
  const urlencoded = payloads.map(
    (payload): FuzzBody => ({
      kind: "form",
      contentType: "application/x-www-form-urlencoded",
      body: new URLSearchParams(toFormFields(payload)).toString(),
    }),
  );
  const multipart = payloads.map((payload): FuzzBody => {
    const form = new FormData();
    for (const [key, value] of toFormFields(payload)) form.append(key, value);
    // fetch sets the multipart Content-Type with its boundary.
    return { kind: "multipart", body: form };
  });
  const broken = fc.oneof(
    malformedJson.map(
      (body): FuzzBody => ({ kind: "malformed-json", contentType: "application/json", body }),
    ),
    invalidUtf8.map(
      (body): FuzzBody => ({ kind: "invalid-utf8", contentType: "application/json", body }),
    ),
    fc.tuple(lyingTypes, payloads).map(
      ([contentType, payload]): FuzzBody => ({
        kind: "wrong-type",
        contentType,
        body: toJson(payload),
      }),
    ),
    malformedJson.map(
      (body): FuzzBody => ({
        kind: "urlencoded-garbage",
        contentType: "application/x-www-form-urlencoded",
        body: `${body}&%%&=&a=%ZZ&%E0%A4%A`,
      }),
    ),
    fc.constant<FuzzBody>({ kind: "empty", contentType: "application/json", body: "" }),
    fc.constant<FuzzBody>({ kind: "no-body" }),
  );
  return fc.oneof(
    { weight: jsonWeight, arbitrary: json },
    { weight: formWeight, arbitrary: urlencoded },
    { weight: 1, arbitrary: multipart },
    { weight: 3, arbitrary: broken },
  );
}
