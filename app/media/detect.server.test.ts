import { describe, expect, it } from "vitest";
import {
  DOC,
  DOCX,
  EXE,
  GIF,
  HOSTILE_SVG,
  HTML,
  JPEG,
  PDF,
  PNG,
  SVG,
  TEXT,
  WEBP,
  XLS,
  ZIP,
} from "../../tests/support/media-fixtures";
import { detectMediaType, looksLikeSvg } from "./detect.server";

describe("detectMediaType", () => {
  it.each([
    ["photo.jpg", JPEG, "jpg", "image/jpeg"],
    ["photo.JPEG", JPEG, "jpg", "image/jpeg"],
    ["logo.png", PNG, "png", "image/png"],
    ["anim.gif", GIF, "gif", "image/gif"],
    ["pic.webp", WEBP, "webp", "image/webp"],
    ["icon.svg", SVG, "svg", "image/svg+xml"],
    ["brochure.pdf", PDF, "pdf", "application/pdf"],
    ["old.doc", DOC, "doc", "application/msword"],
    [
      "new.docx",
      DOCX,
      "docx",
      "application/vnd.openxmlformats-officedocument.wordprocessingml.document",
    ],
    ["notes.txt", TEXT, "txt", "text/plain"],
  ])("accepts %s by its content", async (name, bytes, ext, mime) => {
    expect(await detectMediaType(bytes, name)).toEqual({ ok: true, ext, mime });
  });

  it("refuses an HTML page named .png", async () => {
    const result = await detectMediaType(HTML, "innocent.png");
    expect(result).toEqual({
      ok: false,
      reason: "The file is named .png but its content is plain text, not a PNG image.",
    });
  });

  it("refuses a renamed executable, whatever accepted name it claims", async () => {
    for (const name of ["setup.pdf", "photo.jpg", "notes.txt", "letter.doc"]) {
      const result = await detectMediaType(EXE, name);
      expect(result.ok).toBe(false);
      expect(result.ok ? "" : result.reason).toContain("it looks like a .exe file");
    }
  });

  it("refuses extensions that are not accepted, even for harmless content", async () => {
    for (const name of ["page.html", "run.exe", "image.bmp", "noextension"]) {
      const result = await detectMediaType(TEXT, name);
      expect(result.ok).toBe(false);
    }
    const html = await detectMediaType(HTML, "page.html");
    expect(html.ok ? "" : html.reason).toMatch(/^\.html files are not accepted/);
  });

  it("refuses a mismatch between two accepted types", async () => {
    expect(await detectMediaType(PNG, "photo.jpg")).toMatchObject({ ok: false });
    expect(await detectMediaType(DOCX, "old.doc")).toMatchObject({ ok: false });
    expect(await detectMediaType(SVG, "logo.png")).toMatchObject({ ok: false });
  });

  it("takes only Word's compound files and zips as documents", async () => {
    expect(await detectMediaType(XLS, "sheet.doc")).toMatchObject({ ok: false });
    expect(await detectMediaType(ZIP, "archive.docx")).toMatchObject({ ok: false });
  });

  it("refuses binary data as text and empty files", async () => {
    expect(await detectMediaType(Buffer.from([0x61, 0x00, 0x62]), "a.txt")).toMatchObject({
      ok: false,
    });
    expect(await detectMediaType(Buffer.from([0xff, 0xfe, 0xfd]), "a.txt")).toMatchObject({
      ok: false,
    });
    expect(await detectMediaType(Buffer.alloc(0), "a.txt")).toEqual({
      ok: false,
      reason: "The file is empty.",
    });
  });

  it("accepts an SVG with scripts (it is served inert), but not HTML named .svg", async () => {
    expect(await detectMediaType(HOSTILE_SVG, "evil.svg")).toMatchObject({ ok: true, ext: "svg" });
    expect(await detectMediaType(HTML, "page.svg")).toMatchObject({ ok: false });
  });
});

describe("looksLikeSvg", () => {
  it("wants the root element to be <svg>", () => {
    expect(looksLikeSvg('<svg xmlns="http://www.w3.org/2000/svg"/>')).toBe(true);
    expect(looksLikeSvg("\uFEFF<!-- logo --><svg><g/></svg>\n<!-- end -->")).toBe(true);
    expect(
      looksLikeSvg(
        '<?xml version="1.0"?><!DOCTYPE svg PUBLIC "-//W3C//DTD SVG 1.1//EN" "http://www.w3.org/Graphics/SVG/1.1/DTD/svg11.dtd"><svg></svg>',
      ),
    ).toBe(true);
    expect(looksLikeSvg("<html><svg></svg></html>")).toBe(false);
    expect(looksLikeSvg("<svgfoo></svgfoo>")).toBe(false);
    expect(looksLikeSvg("<svg><g>")).toBe(false);
    expect(looksLikeSvg("<svg></svg><script>x</script>")).toBe(false);
    expect(looksLikeSvg("just text")).toBe(false);
  });
});
