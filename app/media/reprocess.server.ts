import { and, eq, inArray, isNull, lt, notInArray, or, sql } from "drizzle-orm";
import { getDb } from "~/db/client.server";
import { webMedia } from "~/db/schema.server";
import { logger } from "~/lib/logger.server";
import { imageColumns, type MediaRow } from "~/models/media.server";
import { ImageRefusedError, PROCESSING_VERSION } from "./images.server";
import { RASTER_MIME_TYPES } from "./rules";
import { getMediaStorage } from "./storage.server";
import { deleteFiles, processInTurn, storeProcessedImage } from "./variants.server";

/**
 * `npm run media:reprocess`: gives the images uploaded before processing existed (or processed by
 * an older PROCESSING_VERSION) their copies, and replaces their stored originals with stripped,
 * capped ones. Each row is claimed before it is worked on, so runs in several processes at once
 * (or a run beside a server) never process one file twice; a finished row is never taken again,
 * so a second run finds nothing to do.
 */

/** Long enough for the slowest image; a run that dies leaves its row to the next run after it. */
const CLAIM = sql`now() + interval '10 minutes'`;

export interface ReprocessProgress {
  /** Images finished (processed or failed) in this run, and all this run has seen so far. */
  done: number;
  total: number;
  name: string;
  originalName: string;
  ok: boolean;
  /** Why it failed, for the person running the command. */
  error?: string;
}

export interface ReprocessSummary {
  processed: number;
  failed: { name: string; originalName: string; error: string }[];
}

const needsWork = () =>
  and(
    inArray(webMedia.mimeType, [...RASTER_MIME_TYPES]),
    lt(webMedia.processedVersion, PROCESSING_VERSION),
  );

/** Images still waiting for this version's processing. */
export async function countImagesToReprocess(): Promise<number> {
  const [row] = await getDb()
    .select({ count: sql<number>`count(*)::int` })
    .from(webMedia)
    .where(needsWork());
  return Number(row?.count ?? 0);
}

/** Takes the next image nobody works on, or undefined when none is left. */
async function claimNext(skip: number[]): Promise<MediaRow | undefined> {
  const db = getDb();
  const next = db
    .select({ id: webMedia.id })
    .from(webMedia)
    .where(
      and(
        needsWork(),
        or(
          isNull(webMedia.processingClaimedUntil),
          lt(webMedia.processingClaimedUntil, sql`now()`),
        ),
        skip.length > 0 ? notInArray(webMedia.id, skip) : undefined,
      ),
    )
    .orderBy(webMedia.id)
    .limit(1)
    .for("update", { skipLocked: true });
  const [row] = await db
    .update(webMedia)
    .set({ processingClaimedUntil: CLAIM })
    .where(inArray(webMedia.id, next))
    .returning();
  return row;
}

async function readAll(name: string) {
  const stored = await getMediaStorage().get(name);
  if (!stored) return undefined;
  const chunks: Buffer[] = [];
  for await (const chunk of stored.body) chunks.push(Buffer.from(chunk as Uint8Array));
  return Buffer.concat(chunks);
}

async function reprocessOne(row: MediaRow): Promise<string | undefined> {
  const bytes = await readAll(row.name);
  if (!bytes) return "The file is missing from the storage.";
  let processed: Awaited<ReturnType<typeof processInTurn>>;
  try {
    processed = await processInTurn(bytes, row.mimeType, row.name);
  } catch (error) {
    if (error instanceof ImageRefusedError) return error.message;
    throw error;
  }
  const storage = getMediaStorage();
  const image = await storeProcessedImage(storage, row.name, row.mimeType, processed);
  const [updated] = await getDb()
    .update(webMedia)
    .set(imageColumns(image, row.uploadedSize ?? row.size))
    .where(and(eq(webMedia.id, row.id), lt(webMedia.processedVersion, PROCESSING_VERSION)))
    .returning({ id: webMedia.id });
  const fresh = new Set(image.variants.map((variant) => variant.name));
  if (!updated) {
    // Deleted meanwhile (or finished by another run): nothing may be left behind for it.
    const [still] = await getDb().select().from(webMedia).where(eq(webMedia.id, row.id));
    if (!still) await deleteFiles(storage, [row.name, ...fresh]);
    return undefined;
  }
  // The copies of an older version go once the row names the new ones.
  await deleteFiles(
    storage,
    row.variants.map((variant) => variant.name).filter((name) => !fresh.has(name)),
  );
  return undefined;
}

/** Processes every image that needs it, reporting each one as it finishes. */
export async function reprocessImages(
  onProgress: (progress: ReprocessProgress) => void = () => {},
): Promise<ReprocessSummary> {
  const summary: ReprocessSummary = { processed: 0, failed: [] };
  const failedIds: number[] = [];
  let total = await countImagesToReprocess();
  let done = 0;
  for (;;) {
    const row = await claimNext(failedIds);
    if (!row) break;
    let error: string | undefined;
    try {
      error = await reprocessOne(row);
    } catch (cause) {
      logger.error({ err: cause, name: row.name }, "an image could not be reprocessed");
      error = `The server could not process it: ${(cause as Error).message}`;
    }
    if (error) {
      failedIds.push(row.id);
      summary.failed.push({ name: row.name, originalName: row.originalName, error });
      // Free for the next run at once, not after the claim's ten minutes.
      await getDb()
        .update(webMedia)
        .set({ processingClaimedUntil: null })
        .where(eq(webMedia.id, row.id));
    } else {
      summary.processed += 1;
    }
    done += 1;
    // Uploads made before processing existed may still arrive (an import): the total grows.
    total = Math.max(total, done);
    onProgress({
      done,
      total,
      name: row.name,
      originalName: row.originalName,
      ok: !error,
      ...(error ? { error } : {}),
    });
  }
  return summary;
}
