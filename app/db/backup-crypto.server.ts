import { createHmac, hkdfSync, timingSafeEqual } from "node:crypto";
import fs from "node:fs";
import { Readable } from "node:stream";
import { pipeline } from "node:stream/promises";
import { Decrypter, Encrypter } from "age-encryption";

/**
 * What makes a backup trustworthy and private. Signing: the manifest (which holds the SHA-256 of
 * every other entry) is signed with a key derived from SESSION_SECRET, so a restore can tell an
 * archive this site made from one planted where its backups are kept. Encryption: a copy that
 * leaves the machine is encrypted with age to an X25519 recipient; the server holds only the
 * recipient, so it can write such copies but never read them back.
 */

/** The archive member after the manifest that carries its signature. */
export const SIGNATURE_ENTRY = "manifest.sig";
const SIGNATURE_SCHEME = "hmac-sha256";

function signingKey(secret: string): Buffer {
  return Buffer.from(hkdfSync("sha256", secret, "", "aisolutions site backup signature v1", 32));
}

/** The text of the signature member for these manifest bytes. */
export function signManifest(manifest: Buffer, secret: string): string {
  const mac = createHmac("sha256", signingKey(secret)).update(manifest).digest("hex");
  return `${SIGNATURE_SCHEME}:${mac}\n`;
}

/**
 * Whether an archive was signed by a site with this secret: "valid", "unsigned" (no signature
 * member, such as an archive of an older version) or "foreign" (another key, or altered since).
 */
export type SignatureCheck = "valid" | "unsigned" | "foreign";

export function checkSignature(
  manifest: Buffer,
  signature: Buffer | undefined,
  secret: string,
): SignatureCheck {
  if (!signature) return "unsigned";
  const want = Buffer.from(signManifest(manifest, secret));
  return signature.length === want.length && timingSafeEqual(signature, want) ? "valid" : "foreign";
}

/** An age recipient of the X25519 kind, as `age-keygen` prints it (bech32, lower case). */
export const AGE_RECIPIENT_PATTERN = /^age1[02-9ac-hj-np-z]{58}$/;

/** The first bytes of every binary age file. */
const AGE_HEADER = Buffer.from("age-encryption.org/v1\n");

export async function isAgeEncrypted(file: string): Promise<boolean> {
  const handle = await fs.promises.open(file, "r");
  try {
    const start = Buffer.alloc(AGE_HEADER.length);
    const { bytesRead } = await handle.read(start, 0, start.length, 0);
    return bytesRead === start.length && start.equals(AGE_HEADER);
  } finally {
    await handle.close();
  }
}

/** Writes a web stream into a new file readable by its owner only. */
async function writeOwnerOnly(stream: ReadableStream<Uint8Array>, out: string) {
  await pipeline(
    Readable.fromWeb(stream as import("node:stream/web").ReadableStream<Uint8Array>),
    fs.createWriteStream(out, { mode: 0o600 }),
  );
}

const webStreamOf = (file: string) =>
  Readable.toWeb(fs.createReadStream(file)) as unknown as ReadableStream<Uint8Array>;

/** Encrypts `file` to the age recipient into `out` (the standard age format: `age -d` reads it). */
export async function encryptFile(file: string, recipient: string, out: string) {
  const encrypter = new Encrypter();
  encrypter.addRecipient(recipient);
  await writeOwnerOnly(await encrypter.encrypt(webStreamOf(file)), out);
}

/** The identities (`AGE-SECRET-KEY-1…`) in a key file as age-keygen writes it (comments skipped). */
export function identitiesIn(text: string): string[] {
  return text
    .split(/\r?\n/)
    .map((line) => line.trim())
    .filter((line) => line.startsWith("AGE-SECRET-KEY-"));
}

export class DecryptionError extends Error {}

/** Decrypts an age file with any of the identities into `out`; a wrong key or damage throws. */
export async function decryptFile(file: string, identities: string[], out: string) {
  const decrypter = new Decrypter();
  try {
    for (const identity of identities) decrypter.addIdentity(identity);
    await writeOwnerOnly(await decrypter.decrypt(webStreamOf(file)), out);
  } catch (error) {
    await fs.promises.rm(out, { force: true });
    throw new DecryptionError((error as Error).message);
  }
}
