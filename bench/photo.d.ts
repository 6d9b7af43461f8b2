// Types for tests that import the benchmark's photo generator (bench/photo.js).
export const PHOTO_GPS: Record<string, string>;
export function gpsFingerprints(): Buffer[];
export function seededRandom(seed: number): () => number;
export function makePhoto(options?: {
  width?: number;
  height?: number;
  gps?: boolean;
  seed?: number;
}): Promise<Buffer>;
