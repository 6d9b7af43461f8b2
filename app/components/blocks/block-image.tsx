import { Picture } from "~/components/responsive-image";
import type { IMAGE_SIZES, ResponsiveImage } from "~/media/responsive";
import type { ImageSize } from "~/pages/view";

/**
 * An image a block shows: a library image with its responsive copies, any other address as it is
 * (with its width and height when it is a file the site ships, so the page does not shift as it
 * loads). The alt text is the block's, else the library's.
 */
export function BlockImage({
  src,
  picture,
  size,
  alt,
  sizes,
  priority = false,
  className,
}: {
  src: string;
  picture: ResponsiveImage | null;
  size?: ImageSize | null;
  alt: string;
  sizes: (typeof IMAGE_SIZES)[keyof typeof IMAGE_SIZES];
  priority?: boolean;
  className?: string;
}) {
  if (picture) {
    return (
      <Picture
        image={picture}
        alt={alt || picture.alt}
        sizes={sizes}
        priority={priority}
        className={className}
      />
    );
  }
  return (
    <img
      src={src}
      alt={alt}
      width={size?.width}
      height={size?.height}
      loading={priority ? "eager" : "lazy"}
      decoding={priority ? "auto" : "async"}
      fetchPriority={priority ? "high" : undefined}
      className={className}
    />
  );
}
