import fc from "fast-check";
import type { z } from "~/schemas/zod";

/**
 * fast-check arbitraries from zod 4 schemas (zod-fast-check supports zod 3 only). `validish`
 * walks the schema and makes values of the right shape and limits (formats and refinements are
 * approximated, so some are refused: that is fine, the refusal path is under test as well);
 * `hostilePayload` mixes those with mutations a hostile client would send.
 */

type AnySchema = z.ZodType;
interface Def {
  type: string;
  [key: string]: unknown;
}
interface CheckDef {
  check: string;
  [key: string]: unknown;
}

function defOf(schema: AnySchema): Def {
  return (schema as unknown as { _zod: { def: Def } })._zod.def;
}

function checksOf(def: Def): CheckDef[] {
  const checks = (def.checks ?? []) as { _zod: { def: CheckDef } }[];
  return checks.map((check) => check._zod.def);
}

/** Text that breaks naive handling: markup, quotes, SQL, control and astral characters. */
const nastyStrings = [
  "",
  " ",
  "\0",
  "a\0b",
  "\u0000\u0001\u001f\u007f",
  "\r\n\t",
  "'; DROP TABLE web_posts; --",
  "' OR '1'='1",
  '"quoted" \\back\\slash',
  "<script>alert(1)</script>",
  "</script><script>alert(1)</script>",
  "javascript:alert(1)",
  // biome-ignore lint/suspicious/noTemplateCurlyInString: a template-injection probe
  "${7*7}{{7*7}}",
  "%00%0d%0a",
  "../../../../etc/passwd",
  "\uD800",
  "\uDFFF\uD800",
  "\uFEFF\u200B\u202E",
  "👩‍👩‍👧‍👦🏳️‍🌈",
  "Zá̷̡l̵͇g̴o",
  "ℌ𝔢𝔩𝔩𝔬",
  "__proto__",
  "constructor",
  "toString",
  "NaN",
  "-0",
  "1e309",
  "9".repeat(400),
  "true",
  "null",
  "[object Object]",
  "=cmd|' /C calc'!A0",
  "a@b",
  "@@",
  "x@y.z",
  "#",
  "//evil.example",
  "/\\evil.example",
  "data:text/html,<script>alert(1)</script>",
] as const;

const edgeNumbers = [
  0,
  -0,
  -1,
  1,
  0.5,
  -0.5,
  2_147_483_647,
  2_147_483_648,
  -2_147_483_649,
  Number.MAX_SAFE_INTEGER,
  Number.MAX_SAFE_INTEGER + 2,
  Number.MIN_SAFE_INTEGER,
  Number.MAX_VALUE,
  Number.MIN_VALUE,
  1e21,
  -1e21,
  9999,
  10_000,
  -9999,
  -10_000,
] as const;

export const hostileString: fc.Arbitrary<string> = fc.oneof(
  { weight: 4, arbitrary: fc.constantFrom(...nastyStrings) },
  { weight: 2, arbitrary: fc.string({ unit: "grapheme", maxLength: 40 }) },
  { weight: 2, arbitrary: fc.string({ unit: "binary", maxLength: 40 }) },
  // Just past any field's limit, and far past it (the body caps are 64 KB and 512 KB).
  {
    weight: 1,
    arbitrary: fc
      .tuple(
        fc.constantFrom("a", "é", "😀", "<", "\0", " "),
        fc.constantFrom(41, 201, 1001, 70_000),
      )
      .map(([unit, count]) => unit.repeat(count)),
  },
);

export const hostileNumber: fc.Arbitrary<number | string> = fc.oneof(
  fc.constantFrom(...edgeNumbers),
  fc.double(),
  fc.integer(),
  // Numbers as text, the way a form sends them.
  fc.constantFrom(
    "1e3",
    "0x10",
    " 7 ",
    "1_000",
    "Infinity",
    "-Infinity",
    "NaN",
    "99999999999999999999",
  ),
);

/** Nested arrays or objects `depth` levels deep. */
export function deeplyNested(depth: number, kind: "array" | "object"): unknown {
  let value: unknown = "bottom";
  for (let i = 0; i < depth; i += 1) value = kind === "array" ? [value] : { a: value };
  return value;
}

/** An object whose own keys include `__proto__` (JSON.stringify writes it; `{__proto__: x}` would not). */
export function withOwnKey(target: Record<string, unknown>, key: string, value: unknown) {
  const copy: Record<string, unknown> = { ...target };
  Object.defineProperty(copy, key, { value, enumerable: true, writable: true, configurable: true });
  return copy;
}

/** A value of any JSON type, chosen to be wrong wherever it lands. */
export const hostileValue: fc.Arbitrary<unknown> = fc.oneof(
  { weight: 4, arbitrary: hostileString },
  { weight: 2, arbitrary: hostileNumber },
  { weight: 1, arbitrary: fc.constantFrom(true, false, null, undefined) },
  { weight: 1, arbitrary: fc.constantFrom([], {}, [""], [null], { "": "" }) },
  {
    weight: 1,
    arbitrary: fc.constantFrom(
      deeplyNested(200, "array"),
      deeplyNested(200, "object"),
      withOwnKey({}, "__proto__", { admin: true, role: "admin" }),
      { constructor: { prototype: { polluted: true } } },
    ),
  },
  { weight: 1, arbitrary: fc.array(hostileString, { maxLength: 5 }) },
  { weight: 1, arbitrary: fc.dictionary(hostileString, hostileString, { maxKeys: 4 }) },
);

function stringFor(def: Def): fc.Arbitrary<string> {
  let min = 0;
  let max = 60;
  const choices: fc.Arbitrary<string>[] = [];
  for (const check of checksOf(def)) {
    if (check.check === "min_length") min = check.minimum as number;
    if (check.check === "max_length") max = check.maximum as number;
    if (check.check === "length_equals") min = max = check.length as number;
    if (check.check === "string_format") {
      if (check.format === "email") {
        choices.push(fc.emailAddress());
      } else if (check.format === "regex" && check.pattern instanceof RegExp) {
        const pattern = check.pattern as RegExp;
        if (!pattern.flags.includes("u")) {
          choices.push(fc.stringMatching(pattern).filter((v) => v.length < 300));
        }
      } else if (check.format === "url") {
        choices.push(fc.webUrl());
      }
    }
  }
  if (def.format === "email") choices.push(fc.emailAddress());
  const length = { minLength: min, maxLength: Math.min(max, Math.max(min, 60)) };
  const plain = fc.oneof(
    fc.string({ ...length, unit: "grapheme-ascii" }),
    fc.string({ ...length, unit: "grapheme" }),
    // Exactly at the limit: the edge that is allowed.
    fc.constant("x".repeat(Math.min(max, 100_000))),
  );
  return choices.length ? fc.oneof(...choices, plain) : plain;
}

function numberFor(def: Def): fc.Arbitrary<number> {
  let min = -1_000_000;
  let max = 1_000_000;
  let integer = false;
  for (const check of checksOf(def)) {
    if (check.check === "greater_than") min = (check.value as number) + (check.inclusive ? 0 : 1);
    if (check.check === "less_than") max = (check.value as number) - (check.inclusive ? 0 : 1);
    if (check.check === "number_format") integer = true;
  }
  const typical = integer ? fc.integer({ min, max }) : fc.double({ min, max, noNaN: true });
  // Without a declared bound, the edges the schema lets through (2^31 and beyond, past a
  // PostgreSQL integer column) reach the handler: a fifth of the valid values are those.
  const lower = checksOf(def).some((check) => check.check === "greater_than") ? min : -Infinity;
  const upper = checksOf(def).some((check) => check.check === "less_than") ? max : Infinity;
  const edges = edgeNumbers.filter(
    (n) => n >= lower && n <= upper && (!integer || Number.isSafeInteger(n)),
  );
  return edges.length
    ? fc.oneof(
        { weight: 4, arbitrary: typical },
        { weight: 1, arbitrary: fc.constantFrom(...edges) },
      )
    : typical;
}

/**
 * A value the schema could accept: the right type and shape within its limits. `examples`
 * (a valid payload) are mixed in by the caller; this covers the rest.
 */
export function validish(schema: AnySchema, depth = 0): fc.Arbitrary<unknown> {
  const def = defOf(schema);
  if (depth > 8) return fc.constant(undefined);
  switch (def.type) {
    case "string":
      return stringFor(def);
    case "number":
      return numberFor(def);
    case "bigint":
      return fc.bigInt().map(String);
    case "boolean":
      return fc.boolean();
    case "literal":
      return fc.constantFrom(...(def.values as unknown[]));
    case "enum":
      return fc.constantFrom(...Object.values(def.entries as Record<string, unknown>));
    case "null":
      return fc.constant(null);
    case "undefined":
    case "void":
      return fc.constant(undefined);
    case "optional":
      return fc.option(validish(def.innerType as AnySchema, depth + 1), { nil: undefined });
    case "nullable":
      return fc.option(validish(def.innerType as AnySchema, depth + 1), { nil: null });
    case "default":
    case "prefault":
    case "catch":
    case "readonly":
    case "nonoptional":
      return validish(def.innerType as AnySchema, depth + 1);
    case "pipe": {
      // A preprocess or transform in front: what the client sends is what the inner schema reads.
      const input = def.in as AnySchema;
      return defOf(input).type === "transform"
        ? validish(def.out as AnySchema, depth + 1)
        : validish(input, depth + 1);
    }
    case "union":
      return fc.oneof(...(def.options as AnySchema[]).map((option) => validish(option, depth + 1)));
    case "array": {
      let minLength = 0;
      let maxLength = 5;
      for (const check of checksOf(def)) {
        if (check.check === "min_length") minLength = check.minimum as number;
        if (check.check === "max_length") maxLength = Math.min(check.maximum as number, 60);
      }
      return fc.array(validish(def.element as AnySchema, depth + 1), {
        minLength,
        maxLength: Math.max(minLength, maxLength),
      });
    }
    case "object": {
      const shape = def.shape as Record<string, AnySchema>;
      return fc.record(
        Object.fromEntries(
          Object.entries(shape).map(([key, field]) => [key, validish(field, depth + 1)]),
        ),
      );
    }
    case "record":
      return fc.dictionary(fc.string({ maxLength: 10 }), validish(def.valueType as AnySchema));
    default:
      // transform, custom, any, unknown, lazy…: anything goes.
      return hostileValue;
  }
}

/** What a field becomes in a hostile payload: usually its valid value, sometimes broken. */
function mutatedField(valid: fc.Arbitrary<unknown>): fc.Arbitrary<unknown> {
  return fc.oneof(
    { weight: 6, arbitrary: valid },
    { weight: 2, arbitrary: hostileValue },
    // Wrong container: an array or object where a scalar belongs.
    { weight: 1, arbitrary: valid.map((value) => [value]) },
    { weight: 1, arbitrary: valid.map((value) => ({ value })) },
  );
}

const dangerousKeys = fc.constantFrom(
  "__proto__",
  "constructor",
  "prototype",
  "toString",
  "hasOwnProperty",
  "role",
  "isAdmin",
  "id",
  "userId",
  "status",
  "",
  "a".repeat(5_000),
);

/**
 * Payloads for an endpoint that takes `schema`: mostly near-valid objects (each field valid, of
 * the example, or mutated; some fields missing; extra and prototype-polluting keys), sometimes a
 * body of the wrong type altogether.
 */
export function hostilePayload(
  schema: AnySchema,
  example: Record<string, unknown> = {},
  fixed: Record<string, unknown> = {},
): fc.Arbitrary<unknown> {
  const def = defOf(schema);
  const shape = def.type === "object" ? (def.shape as Record<string, AnySchema>) : {};
  const keys = [...new Set([...Object.keys(shape), ...Object.keys(example)])].filter(
    (key) => !(key in fixed),
  );
  const fields = Object.fromEntries(
    keys.map((key) => {
      const fromSchema = shape[key] ? validish(shape[key]) : hostileValue;
      const valid = key in example ? fc.oneof(fc.constant(example[key]), fromSchema) : fromSchema;
      return [key, mutatedField(valid)];
    }),
  );
  const objects = fc
    .tuple(
      fc.record(fields, { requiredKeys: [] }),
      fc.array(fc.tuple(dangerousKeys, hostileValue), { maxLength: 3 }),
      // Mostly keep the fixed fields (the action intent), so the case reaches its handler.
      fc.nat(9).map((n) => n > 0),
    )
    .map(([record, extras, keepFixed]) => {
      // Object.defineProperty keeps a "__proto__" key as an own, serialisable property.
      let body: Record<string, unknown> = keepFixed ? { ...fixed, ...record } : record;
      for (const [key, value] of extras) body = withOwnKey(body, key, value);
      return body;
    });
  const wholeValid = validish(schema).map((value) =>
    value && typeof value === "object" && !Array.isArray(value) ? { ...value, ...fixed } : value,
  );
  return fc.oneof(
    { weight: 2, arbitrary: fc.constant({ ...example, ...fixed }) },
    { weight: 6, arbitrary: objects },
    { weight: 2, arbitrary: wholeValid },
    { weight: 2, arbitrary: hostileValue },
  );
}
