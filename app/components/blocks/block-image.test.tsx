import { renderToStaticMarkup } from "react-dom/server";
import { describe, expect, it } from "vitest";
import { IMAGE_SIZES } from "~/media/responsive";
import { BlockImage } from "./block-image";

const img = (size?: { width: number; height: number } | null) =>
  renderToStaticMarkup(
    <BlockImage
      src="/images/products/opshub.svg"
      picture={null}
      size={size}
      alt="OpsHub"
      sizes={IMAGE_SIZES.half}
    />,
  );

describe("an image outside the media library", () => {
  it("reserves its space when the server knows the file's size", () => {
    expect(img({ width: 640, height: 440 })).toMatch(/^<img [^>]*width="640" height="440"/);
    // An address the server could not measure is shown as it is.
    expect(img(null)).not.toMatch(/width=|height=/);
  });
});
