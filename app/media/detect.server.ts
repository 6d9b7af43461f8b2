import { fileTypeFromBuffer } from "file-type";
import { claimedType, extensionOf, MEDIA_TYPES, type MediaExtension } from "./rules";

export type Detection =
  | { ok: true; ext: MediaExtension; mime: string }
  | { ok: false; reason: string };

const ACCEPTED_LIST = "an image (JPG, PNG, GIF, WebP, AVIF, SVG), PDF, DOC, DOCX or TXT file";

const LABELS: Record<MediaExtension, string> = {
  jpg: "a JPEG image",
  png: "a PNG image",
  gif: "a GIF image",
  webp: "a WebP image",
  avif: "an AVIF image",
  svg: "an SVG image",
  pdf: "a PDF document",
  doc: "a Word 97-2003 document",
  docx: "a Word (.docx) document",
  txt: "plain text",
};

/** The UTF-16LE name of the stream every Word 97-2003 file has in its compound file directory. */
const WORD_STREAM = Buffer.from("WordDocument", "utf16le");

const utf8 = new TextDecoder("utf-8", { fatal: true });

/** Text when the bytes are valid UTF-8 without NUL bytes; undefined otherwise. */
export function decodePlainText(bytes: Uint8Array): string | undefined {
  if (bytes.includes(0)) return undefined;
  try {
    return utf8.decode(bytes);
  } catch {
    return undefined;
  }
}

/**
 * SVG: text that looks like well-formed XML whose root element is <svg>. Only the prolog
 * (XML declaration, comments, processing instructions, a doctype) may come before the root.
 * Scripts inside are allowed here: SVG files are served so that they cannot run.
 */
export function looksLikeSvg(text: string) {
  let rest = text.replace(/^\uFEFF/, "").trimStart();
  for (;;) {
    const prolog =
      /^<\?[\s\S]*?\?>/.exec(rest) ??
      /^<!--[\s\S]*?-->/.exec(rest) ??
      /^<!DOCTYPE\s+svg\b(?:[^[>]|\[[\s\S]*?\])*>/i.exec(rest);
    if (!prolog) break;
    rest = rest.slice(prolog[0].length).trimStart();
  }
  if (!/^<svg[\s/>]/.test(rest)) return false;
  const end = rest.trimEnd();
  // The root closes at the end: </svg> (after which only comments may follow) or <svg … />.
  const withoutTrailingComments = end.replace(/(?:\s*<!--[\s\S]*?-->)+$/, "");
  return (
    /<\/svg\s*>$/.test(withoutTrailingComments) || /^<svg\b[^<>]*\/>$/.test(withoutTrailingComments)
  );
}

/** What the bytes are, by their content alone; undefined when not an accepted type. */
export async function sniffMediaType(
  bytes: Uint8Array,
): Promise<{ ext: MediaExtension } | { found: string } | undefined> {
  const detected = await fileTypeFromBuffer(bytes);
  // file-type names any text starting with an XML declaration "xml": SVG and text decide below.
  if (detected && detected.ext !== "xml") {
    switch (detected.ext) {
      case "jpg":
      case "png":
      case "gif":
      case "webp":
      case "avif":
      case "pdf":
      case "docx":
        return { ext: detected.ext };
      case "cfb":
        // Compound files are also Excel, PowerPoint, installers: only Word's is a .doc.
        return Buffer.from(bytes).includes(WORD_STREAM) ? { ext: "doc" } : { found: "cfb" };
      default:
        return { found: detected.ext };
    }
  }
  const text = decodePlainText(bytes);
  if (text === undefined) return undefined;
  return looksLikeSvg(text) ? { ext: "svg" } : { ext: "txt" };
}

/**
 * Decides whether an upload is accepted: the content must be an accepted type, and the same
 * type as the file name's extension claims (an HTML page named .png is refused).
 */
export async function detectMediaType(bytes: Uint8Array, fileName: string): Promise<Detection> {
  const claimed = claimedType(fileName);
  if (!claimed) {
    const ext = extensionOf(fileName);
    return {
      ok: false,
      reason: `${ext ? `.${ext} files are` : "Files without an extension are"} not accepted. Upload ${ACCEPTED_LIST}.`,
    };
  }
  if (bytes.length === 0) return { ok: false, reason: "The file is empty." };
  const sniffed = await sniffMediaType(bytes);
  if (!sniffed || "found" in sniffed) {
    const found = sniffed ? ` (it looks like a .${sniffed.found} file)` : "";
    return {
      ok: false,
      reason: `The file's content is not ${LABELS[claimed]}${found}. Upload ${ACCEPTED_LIST}.`,
    };
  }
  if (sniffed.ext !== claimed) {
    return {
      ok: false,
      reason: `The file is named .${extensionOf(fileName)} but its content is ${LABELS[sniffed.ext]}, not ${LABELS[claimed]}.`,
    };
  }
  return { ok: true, ext: sniffed.ext, mime: MEDIA_TYPES[sniffed.ext].mime };
}
