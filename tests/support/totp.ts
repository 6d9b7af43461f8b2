import { createHmac } from "node:crypto";

/**
 * RFC 6238 TOTP codes (HMAC-SHA1, 6 digits, 30-second steps) computed here with node:crypto, as
 * an authenticator app would from the secret the page shows: not with the library under test.
 */

const PERIOD_SECONDS = 30;
const BASE32 = "ABCDEFGHIJKLMNOPQRSTUVWXYZ234567";

/** RFC 4648 base32 (spaces, padding and case ignored). */
export function base32Decode(text: string): Buffer {
  const clean = text.replace(/[\s=]/g, "").toUpperCase();
  let bits = 0;
  let value = 0;
  const bytes: number[] = [];
  for (const char of clean) {
    const index = BASE32.indexOf(char);
    if (index === -1) throw new Error(`not base32: ${char}`);
    value = (value << 5) | index;
    bits += 5;
    if (bits >= 8) {
      bytes.push((value >>> (bits - 8)) & 0xff);
      bits -= 8;
    }
  }
  return Buffer.from(bytes);
}

/** The code for the 30-second step holding `atMs`. */
export function totpCode(secret: string, atMs = Date.now()): string {
  const counter = Math.floor(atMs / 1000 / PERIOD_SECONDS);
  const message = Buffer.alloc(8);
  message.writeBigUInt64BE(BigInt(counter));
  const digest = createHmac("sha1", base32Decode(secret)).update(message).digest();
  const offset = (digest[digest.length - 1] as number) & 0x0f;
  const binary = digest.readUInt32BE(offset) & 0x7fffffff;
  return String(binary % 1_000_000).padStart(6, "0");
}

/**
 * A code no earlier sign-in used: the current step's, the next step's or, early in a step, the
 * previous step's (the server accepts one step either side; the previous one stays good for at
 * least 8 s more), waiting for a later step only when all of them were used already.
 */
export async function freshCode(secret: string, used: Set<string>): Promise<string> {
  const stepMs = PERIOD_SECONDS * 1000;
  for (;;) {
    const now = Date.now();
    const candidates = [totpCode(secret, now), totpCode(secret, now + stepMs)];
    if (now % stepMs < stepMs - 8_000) candidates.push(totpCode(secret, now - stepMs));
    const code = candidates.find((candidate) => !used.has(candidate));
    if (code) {
      used.add(code);
      return code;
    }
    await new Promise((resolve) => setTimeout(resolve, stepMs - (now % stepMs) + 200));
  }
}

/** A code that no step near now accepts (the server allows one step either side). */
export function wrongCode(secret: string): string {
  const near = new Set(
    [-2, -1, 0, 1, 2].map((step) => totpCode(secret, Date.now() + step * PERIOD_SECONDS * 1000)),
  );
  for (let n = 0; ; n += 1) {
    const code = String((123456 + n * 7919) % 1_000_000).padStart(6, "0");
    if (!near.has(code)) return code;
  }
}
