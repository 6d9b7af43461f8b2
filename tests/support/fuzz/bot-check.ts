import fc from "fast-check";
import { hostileValue } from "./arbitraries";

/**
 * Bot-check tokens for the contact form's fuzz: a few really solved ones (each passes once, so
 * some cases reach the storage path and the rest meet the "spent" refusal) and forgeries built
 * from them: the token is base64 of `{ challenge, solution }`, so each part can be tampered with.
 */
export function botCheckTokens(solved: string[]): fc.Arbitrary<unknown> {
  const decoded = solved.map((token) => JSON.parse(Buffer.from(token, "base64").toString("utf8")));
  const encode = (value: unknown) => Buffer.from(JSON.stringify(value) ?? "").toString("base64");
  const forged = fc
    .tuple(
      fc.constantFrom(...decoded),
      fc.constantFrom("challenge", "solution"),
      fc.string(),
      hostileValue,
    )
    .map(([token, part, key, value]) => {
      const copy = structuredClone(token) as Record<string, Record<string, unknown> | unknown>;
      const inner = copy[part];
      if (inner && typeof inner === "object" && key.length % 3 !== 0) {
        const keys = Object.keys(inner);
        (inner as Record<string, unknown>)[keys[key.length % Math.max(1, keys.length)] ?? key] =
          value;
      } else {
        copy[part] = value;
      }
      return encode(copy);
    });
  return fc.oneof(
    { weight: 2, arbitrary: fc.constantFrom(...solved) },
    { weight: 4, arbitrary: forged },
    { weight: 1, arbitrary: hostileValue.map(encode) },
    { weight: 1, arbitrary: fc.base64String({ maxLength: 200 }) },
    { weight: 1, arbitrary: hostileValue },
  );
}
