/**
 * A library image as pages show it: `<picture>` with AVIF and WebP sources, a `srcset` in the
 * original's format for older browsers, its real size (no layout shift) and a blurred placeholder.
 * Built on the server (app/media/responsive.server.ts), rendered by components/responsive-image and,
 * for post bodies, as HTML by pictureHtml below.
 */
export interface ResponsiveImage {
  src: string;
  srcSet: string;
  sources: { type: string; srcSet: string }[];
  width: number;
  height: number;
  /** A data: URL of a 16-pixel copy; null for images with transparency. */
  placeholder: string | null;
  /** The library's alt text ("" when none was written). */
  alt: string;
}

/** `sizes` for each place an image is shown: how wide it is drawn at each viewport width. */
export const IMAGE_SIZES = {
  /** A post's featured image and the images in its body (max-w-3xl with px-4 / sm:px-6). */
  article: "(min-width: 768px) 720px, (min-width: 640px) calc(100vw - 3rem), calc(100vw - 2rem)",
  /** The /blog cards: one, two, then three columns in max-w-7xl. */
  card: "(min-width: 1280px) 390px, (min-width: 1024px) calc((100vw - 7rem) / 3), (min-width: 768px) calc((100vw - 4.5rem) / 2), (min-width: 640px) calc(100vw - 3rem), calc(100vw - 2rem)",
  /** Related posts below an article: two columns in max-w-5xl. */
  related:
    "(min-width: 1024px) 468px, (min-width: 768px) calc((100vw - 4.5rem) / 2), (min-width: 640px) calc(100vw - 3rem), calc(100vw - 2rem)",
  /** A page block's image across the content column (max-w-5xl). */
  wide: "(min-width: 1024px) 960px, (min-width: 640px) calc(100vw - 3rem), calc(100vw - 2rem)",
  /** A page block's image beside its text: half of max-w-7xl from lg up. */
  half: "(min-width: 1280px) 584px, (min-width: 1024px) calc((100vw - 8rem) / 2), (min-width: 640px) calc(100vw - 3rem), calc(100vw - 2rem)",
  /** The logo in the header and footer (size-8). */
  logo: "32px",
} as const;

/** The placeholder behind the image until its bytes arrive. */
export function placeholderStyle(image: ResponsiveImage) {
  return image.placeholder
    ? {
        backgroundImage: `url("${image.placeholder}")`,
        backgroundSize: "cover",
        backgroundPosition: "center",
      }
    : undefined;
}

const ESCAPES: Record<string, string> = {
  "&": "&amp;",
  '"': "&quot;",
  "<": "&lt;",
  ">": "&gt;",
};

function attr(value: string) {
  return value.replace(/[&"<>]/g, (char) => ESCAPES[char] ?? char);
}

/** `<picture>` markup for an image inside a post body: lazy, sized, with its placeholder. */
export function pictureHtml(
  image: ResponsiveImage,
  options: { alt: string; title?: string; sizes: string },
) {
  const sizes = attr(options.sizes);
  const sources = image.sources
    .map(
      (source) =>
        `<source type="${attr(source.type)}" srcset="${attr(source.srcSet)}" sizes="${sizes}" />`,
    )
    .join("");
  const style = image.placeholder
    ? ` style="background-image:url(&quot;${attr(image.placeholder)}&quot;);background-size:cover;background-position:center"`
    : "";
  const title = options.title ? ` title="${attr(options.title)}"` : "";
  return `<picture>${sources}<img src="${attr(image.src)}" srcset="${attr(image.srcSet)}" sizes="${sizes}" width="${image.width}" height="${image.height}" alt="${attr(options.alt)}"${title} loading="lazy" decoding="async"${style} /></picture>`;
}
