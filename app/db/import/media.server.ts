import fs from "node:fs";
import path from "node:path";
import { and, eq, isNull, or } from "drizzle-orm";
import { detectMediaType } from "~/media/detect.server";
import { MAX_UPLOAD_BYTES } from "~/media/rules";
import { bucketContentDisposition } from "~/media/serve-policy";
import type { MediaStorage } from "~/media/storage.server";
import { generateMediaName } from "~/media/upload.server";
import type { Db } from "../client.server";
import { webMedia } from "../schema.server";
import type { TableReport } from "./report.server";

function listFiles(root: string): string[] {
  const found: string[] = [];
  const walk = (dir: string) => {
    for (const entry of fs.readdirSync(dir, { withFileTypes: true })) {
      // Supabase keeps empty folders with a ".emptyFolderPlaceholder" object.
      if (entry.name.startsWith(".")) continue;
      const full = path.join(dir, entry.name);
      if (entry.isDirectory()) walk(full);
      else if (entry.isFile()) found.push(path.relative(root, full).split(path.sep).join("/"));
    }
  };
  walk(root);
  return found.sort();
}

/**
 * Copies the old bucket into our media storage under server-made names, as an upload does, and
 * answers the old path → new name of every file that is now in the library. The bytes are stored
 * as they are (processedVersion 0): `npm run media:reprocess` strips, re-encodes and makes the
 * copies afterwards, the way it does for any file not yet processed.
 */
export async function importMedia(
  db: Db,
  dir: string,
  storage: MediaStorage,
  report: TableReport,
  progress: (message: string) => void,
): Promise<Map<string, string>> {
  const names = new Map<string, string>();
  const files = listFiles(dir);
  for (const [index, file] of files.entries()) {
    const row = index + 1;
    const bytes = fs.readFileSync(path.join(dir, file));
    if (bytes.length > MAX_UPLOAD_BYTES) {
      report.skipped.push({ row, file, reason: "is larger than the 10 MB upload limit" });
      continue;
    }
    const detected = await detectMediaType(bytes, path.posix.basename(file));
    if (!detected.ok) {
      report.skipped.push({ row, file, reason: detected.reason });
      continue;
    }
    const originalName = file.slice(-255);
    // Ours already when a file of that path and length came in before (uploadedSize holds the
    // length as imported once media:reprocess has re-encoded it).
    const [existing] = await db
      .select({ name: webMedia.name })
      .from(webMedia)
      .where(
        and(
          eq(webMedia.originalName, originalName),
          isNull(webMedia.uploadedBy),
          or(
            eq(webMedia.uploadedSize, bytes.length),
            and(isNull(webMedia.uploadedSize), eq(webMedia.size, bytes.length)),
          ),
        ),
      )
      .limit(1);
    if (existing) {
      names.set(file, existing.name);
      report.unchanged++;
      continue;
    }
    const name = generateMediaName(detected.ext);
    await storage.put(name, bytes, {
      contentType: detected.mime,
      contentDisposition: bucketContentDisposition(name, detected.ext),
    });
    try {
      await db.insert(webMedia).values({
        name,
        originalName,
        mimeType: detected.mime,
        size: bytes.length,
        uploadedBy: null,
      });
    } catch (error) {
      await storage.delete(name);
      throw error;
    }
    names.set(file, name);
    report.imported++;
    progress(`media: ${file} → ${name}`);
  }
  return names;
}

function escapeRegExp(value: string) {
  return value.replace(/[.*+?^${}()|[\]\\]/g, "\\$&");
}

/**
 * Replaces the old bucket's public URLs (plain or through Supabase's image transformations, with
 * any query) by our URLs of the same files. URLs of files the export's media folder lacks stay
 * as they were and are named in `missing`.
 */
export function mediaUrlRewriter(
  names: Map<string, string>,
  storage: Pick<MediaStorage, "publicUrl">,
  extraPrefixes: string[] = [],
) {
  const prefixes = [
    String.raw`https?://[a-z0-9-]+\.supabase\.co/storage/v1/(?:object|render/image)/public/media/`,
    ...extraPrefixes.map((prefix) => escapeRegExp(prefix.replace(/\/?$/, "/"))),
  ];
  const pattern = new RegExp(
    `(?:${prefixes.join("|")})([^\\s"'()<>?#]+)(?:\\?[^\\s"'()<>#]*)?(?:#[^\\s"'()<>]*)?`,
    "gi",
  );
  return (value: string, missing: Set<string>) =>
    value.replace(pattern, (url, encoded: string) => {
      let file: string;
      try {
        file = decodeURIComponent(encoded);
      } catch {
        missing.add(encoded);
        return url;
      }
      const name = names.get(file);
      if (!name) {
        missing.add(file);
        return url;
      }
      return storage.publicUrl(name);
    });
}
