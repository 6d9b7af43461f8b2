import { type IMAGE_SIZES, placeholderStyle, type ResponsiveImage } from "~/media/responsive";

/**
 * A library image: AVIF and WebP sources, the original's format for older browsers, its real
 * width and height (the browser reserves the space), and a blurred placeholder until it loads.
 * `priority` is for the page's largest image (its LCP): fetched first, never lazily.
 */
export function Picture({
  image,
  alt,
  sizes,
  priority = false,
  className,
  testId,
}: {
  image: ResponsiveImage;
  alt: string;
  sizes: (typeof IMAGE_SIZES)[keyof typeof IMAGE_SIZES];
  priority?: boolean;
  className?: string;
  testId?: string;
}) {
  return (
    <picture>
      {image.sources.map((source) => (
        <source key={source.type} type={source.type} srcSet={source.srcSet} sizes={sizes} />
      ))}
      <img
        src={image.src}
        srcSet={image.srcSet}
        sizes={sizes}
        width={image.width}
        height={image.height}
        alt={alt}
        loading={priority ? "eager" : "lazy"}
        decoding={priority ? "auto" : "async"}
        fetchPriority={priority ? "high" : undefined}
        style={placeholderStyle(image)}
        className={className}
        data-testid={testId}
      />
    </picture>
  );
}

/**
 * `<link rel="preload">` for a page's LCP image, as a meta descriptor: the browser starts the
 * download with the HTML's head instead of when it reaches the <img>. Only the first source's
 * type is preloaded; browsers that cannot show it skip the hint.
 */
export function preloadImage(image: ResponsiveImage, sizes: string) {
  const first = image.sources[0];
  return {
    tagName: "link",
    rel: "preload",
    as: "image",
    imageSrcSet: first?.srcSet ?? image.srcSet,
    imageSizes: sizes,
    ...(first ? { type: first.type } : { href: image.src }),
    fetchPriority: "high",
  } as const;
}
