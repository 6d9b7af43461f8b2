import { hash, verify } from "@node-rs/argon2";

// OWASP's argon2id baseline: 19 MiB of memory, 2 iterations, 1 lane. 2 = Algorithm.Argon2id
// (a const enum, which isolated modules cannot import).
const options = { algorithm: 2, memoryCost: 19_456, timeCost: 2, parallelism: 1 } as const;

export function hashPassword(password: string) {
  return hash(password, options);
}

export async function verifyPassword({
  hash: stored,
  password,
}: {
  hash: string;
  password: string;
}) {
  try {
    return await verify(stored, password);
  } catch {
    // A malformed stored hash is a failed verification, not a server error.
    return false;
  }
}
