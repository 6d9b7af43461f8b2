// A photo-like JPEG, the same bytes every time (with the same sharp), for the media benchmark and
// for tests that need a real phone photo.
//
// A phone photo is what makes a page heavy and an upload slow: 12 MP of smooth areas with fine
// noise that JPEG cannot throw away. Flat colours or pure noise would be far smaller or far larger
// than a real photo, and cost the encoders less or more, so the picture is built the way a scene
// looks: large soft patches of colour (40 × 30 blown up), smaller detail over them (400 × 300 blown
// up) and sensor grain on every pixel. At 4032 × 3024 and quality 90 that is about 2.4 MB, like
// the photo in issue 14.
import sharp from "sharp";

/** How far (±half of it) the per-pixel grain moves each channel; with it the size is a phone's. */
const GRAIN = 12;

/** Where the embedded EXIF says the photo was taken (Paris), as a phone writes it. */
export const PHOTO_GPS = {
  GPSLatitudeRef: "N",
  GPSLatitude: "48/1 51/1 2999/100",
  GPSLongitudeRef: "E",
  GPSLongitude: "2/1 17/1 4000/100",
};

/**
 * The latitude of PHOTO_GPS as EXIF stores it (three rationals), in both byte orders: a served
 * file containing either still carries the position.
 */
export function gpsFingerprints() {
  const rationals = [
    [48, 1],
    [51, 1],
    [2999, 100],
  ];
  return ["LE", "BE"].map((order) =>
    Buffer.concat(
      rationals.map(([numerator, denominator]) => {
        const bytes = Buffer.alloc(8);
        bytes[`writeUInt32${order}`](numerator, 0);
        bytes[`writeUInt32${order}`](denominator, 4);
        return bytes;
      }),
    ),
  );
}

/** A small seeded generator (mulberry32): the same seed gives the same photo on every machine. */
export function seededRandom(seed) {
  let state = seed >>> 0;
  return () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

/** `width` × `height` random colours, blown up to the photo's size with a smooth kernel. */
async function blownUp(random, width, height, toWidth, toHeight) {
  const pixels = Buffer.alloc(width * height * 3);
  for (let i = 0; i < pixels.length; i++) pixels[i] = Math.floor(random() * 256);
  return sharp(pixels, { raw: { width, height, channels: 3 } })
    .resize(toWidth, toHeight, { kernel: "cubic" })
    .raw()
    .toBuffer();
}

/**
 * A JPEG of `width` × `height` (default a 12 MP phone photo, 4032 × 3024, about 2.4 MB) at quality
 * 90; with `gps`, EXIF naming a camera and carrying PHOTO_GPS. Another `seed` gives another photo
 * of the same kind and size (the benchmark uploads ten different ones). Takes about 2 s at 12 MP.
 */
export async function makePhoto({ width = 4032, height = 3024, gps = false, seed = 1 } = {}) {
  const random = seededRandom(seed);
  const scaled = (divisor) => [
    Math.max(1, Math.round(width / divisor)),
    Math.max(1, Math.round(height / divisor)),
  ];
  const coarse = await blownUp(random, ...scaled(100), width, height);
  const fine = await blownUp(random, ...scaled(10), width, height);
  const pixels = Buffer.alloc(width * height * 3);
  for (let i = 0; i < pixels.length; i++) {
    const value = 0.75 * coarse[i] + 0.25 * fine[i] + (random() - 0.5) * GRAIN;
    pixels[i] = Math.max(0, Math.min(255, Math.round(value)));
  }
  let image = sharp(pixels, { raw: { width, height, channels: 3 } });
  if (gps) {
    image = image.withExif({
      IFD0: { Make: "Bench", Model: "Phone 12 MP", Software: "bench/photo.js" },
      IFD3: PHOTO_GPS,
    });
  }
  return image.jpeg({ quality: 90 }).toBuffer();
}
