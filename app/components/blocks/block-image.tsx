import { Picture } from "~/components/responsive-image";
import type { IMAGE_SIZES, ResponsiveImage } from "~/media/responsive";

/**
 * An image a block shows: a library image with its responsive copies, any other address as it is.
 * The alt text is the block's, else the library's.
 */
export function BlockImage({
  src,
  picture,
  alt,
  sizes,
  priority = false,
  className,
}: {
  src: string;
  picture: ResponsiveImage | null;
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
      loading={priority ? "eager" : "lazy"}
      decoding={priority ? "auto" : "async"}
      fetchPriority={priority ? "high" : undefined}
      className={className}
    />
  );
}
