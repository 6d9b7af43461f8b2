import { deflateRawSync, deflateSync } from "node:zlib";

/** Small real files of each accepted type (and a few hostile ones) for upload tests. */

export const PNG = Buffer.from(
  "iVBORw0KGgoAAAANSUhEUgAAAAIAAAACCAIAAAD91JpzAAAAFklEQVR4nGP8z8DAwMDAxMDAwMDAAAANHQEDasKb6QAAAABJRU5ErkJggg==",
  "base64",
);

export const GIF = Buffer.from(
  "R0lGODlhAQABAIAAAAAAAP///yH5BAEAAAAALAAAAAABAAEAAAIBRAA7",
  "base64",
);

export const JPEG = Buffer.from(
  "/9j/2wBDAAYEBQYFBAYGBQYHBwYIChAKCgkJChQODwwQFxQYGBcUFhYaHSUfGhsjHBYWICwgIyYnKSopGR8tMC0oMCUoKSj/2wBDAQcHBwoIChMKChMoGhYaKCgoKCgoKCgoKCgoKCgoKCgoKCgoKCgoKCgoKCgoKCgoKCgoKCgoKCgoKCgoKCgoKCj/wAARCAAEAAQDASIAAhEBAxEB/8QAFQABAQAAAAAAAAAAAAAAAAAAAAT/xAAUEAEAAAAAAAAAAAAAAAAAAAAA/8QAFQEBAQAAAAAAAAAAAAAAAAAABAf/xAAUEQEAAAAAAAAAAAAAAAAAAAAA/9oADAMBAAIRAxEAPwCABUAH/9k=",
  "base64",
);

export const WEBP = Buffer.from(
  "UklGRiIAAABXRUJQVlA4IBYAAAAwAQCdASoBAAEADsD+JaQAA3AAAAAA",
  "base64",
);

export const PDF = Buffer.from(
  "%PDF-1.4\n1 0 obj<</Type/Catalog/Pages 2 0 R>>endobj\n2 0 obj<</Type/Pages/Kids[]/Count 0>>endobj\ntrailer<</Root 1 0 R>>\n%%EOF\n",
);

export const SVG = Buffer.from(
  '<?xml version="1.0" encoding="UTF-8"?>\n<svg xmlns="http://www.w3.org/2000/svg" width="40" height="40" viewBox="0 0 40 40"><rect width="40" height="40" fill="#6366f1"/></svg>\n',
);

/** Each way an SVG can try to run script when opened: a script element, a handler, a foreign HTML script. */
export const HOSTILE_SVG =
  Buffer.from(`<svg xmlns="http://www.w3.org/2000/svg" xmlns:xlink="http://www.w3.org/1999/xlink" width="100" height="100" onload="document.title='pwned-onload';console.error('svg onload ran')">
  <script>document.title = 'pwned-script'; console.error('svg script ran');</script>
  <rect width="100" height="100" fill="red" onmouseover="console.error('hover ran')"/>
  <foreignObject width="100" height="100">
    <body xmlns="http://www.w3.org/1999/xhtml"><script>document.title='pwned-foreign';console.error('foreign script ran')</script><img src="x" onerror="console.error('img onerror ran')"/></body>
  </foreignObject>
</svg>
`);

export const TEXT = Buffer.from("Release notes\nVersion 2 — with a non-ASCII dash.\n");

export const HTML = Buffer.from(
  "<!DOCTYPE html><html><head><title>x</title></head><body><script>alert(1)</script></body></html>\n",
);

/** The start of a Windows executable (MZ header, PE signature). */
export const EXE = (() => {
  const bytes = Buffer.alloc(512);
  bytes.write("MZ", 0, "latin1");
  bytes.writeUInt32LE(0x80, 0x3c);
  bytes.write("PE\0\0", 0x80, "latin1");
  bytes.writeUInt16LE(0x14c, 0x84);
  return bytes;
})();

// --- ZIP (for .docx) -------------------------------------------------------------------------

function crc32(data: Buffer) {
  let crc = 0xffffffff;
  for (const byte of data) {
    crc ^= byte;
    for (let k = 0; k < 8; k++) crc = crc & 1 ? (crc >>> 1) ^ 0xedb88320 : crc >>> 1;
  }
  return (crc ^ 0xffffffff) >>> 0;
}

/** A minimal zip archive (deflated entries) of the given files, in order. */
export function zip(files: Record<string, string>) {
  const locals: Buffer[] = [];
  const centrals: Buffer[] = [];
  let offset = 0;
  for (const [name, content] of Object.entries(files)) {
    const raw = Buffer.from(content);
    const data = deflateRawSync(raw);
    const nameBytes = Buffer.from(name);
    const crc = crc32(raw);
    const local = Buffer.alloc(30);
    local.writeUInt32LE(0x04034b50, 0);
    local.writeUInt16LE(20, 4);
    local.writeUInt16LE(0, 6);
    local.writeUInt16LE(8, 8);
    local.writeUInt32LE(crc, 14);
    local.writeUInt32LE(data.length, 18);
    local.writeUInt32LE(raw.length, 22);
    local.writeUInt16LE(nameBytes.length, 26);
    locals.push(local, nameBytes, data);
    const central = Buffer.alloc(46);
    central.writeUInt32LE(0x02014b50, 0);
    central.writeUInt16LE(20, 4);
    central.writeUInt16LE(20, 6);
    central.writeUInt16LE(8, 10);
    central.writeUInt32LE(crc, 16);
    central.writeUInt32LE(data.length, 20);
    central.writeUInt32LE(raw.length, 24);
    central.writeUInt16LE(nameBytes.length, 28);
    central.writeUInt32LE(offset, 42);
    centrals.push(central, nameBytes);
    offset += 30 + nameBytes.length + data.length;
  }
  const centralSize = centrals.reduce((sum, part) => sum + part.length, 0);
  const end = Buffer.alloc(22);
  end.writeUInt32LE(0x06054b50, 0);
  end.writeUInt16LE(Object.keys(files).length, 8);
  end.writeUInt16LE(Object.keys(files).length, 10);
  end.writeUInt32LE(centralSize, 12);
  end.writeUInt32LE(offset, 16);
  return Buffer.concat([...locals, ...centrals, end]);
}

export const DOCX = zip({
  "[Content_Types].xml":
    '<?xml version="1.0"?><Types xmlns="http://schemas.openxmlformats.org/package/2006/content-types"><Override PartName="/word/document.xml" ContentType="application/vnd.openxmlformats-officedocument.wordprocessingml.document.main+xml"/></Types>',
  "_rels/.rels": '<?xml version="1.0"?><Relationships/>',
  "word/document.xml":
    '<?xml version="1.0"?><w:document xmlns:w="http://schemas.openxmlformats.org/wordprocessingml/2006/main"><w:body/></w:document>',
});

/** A plain zip that is not a Word document. */
export const ZIP = zip({ "readme.txt": "hello" });

// --- Compound File Binary (for .doc) ---------------------------------------------------------

/** A minimal compound file whose directory holds the named stream ("WordDocument" for .doc). */
export function compoundFile(streamName: string) {
  const sector = 512;
  const file = Buffer.alloc(sector * 3);
  Buffer.from("d0cf11e0a1b11ae1", "hex").copy(file, 0);
  file.writeUInt16LE(0x3e, 24);
  file.writeUInt16LE(3, 26);
  file.writeUInt16LE(0xfffe, 28);
  file.writeUInt16LE(9, 30);
  file.writeUInt16LE(6, 32);
  file.writeUInt32LE(1, 44); // one FAT sector
  file.writeUInt32LE(1, 48); // directory starts at sector 1
  file.writeUInt32LE(4096, 56);
  file.writeUInt32LE(0xfffffffe, 60);
  file.writeUInt32LE(0xfffffffe, 68);
  file.writeUInt32LE(0, 76); // FAT in sector 0
  for (let i = 1; i < 109; i++) file.writeUInt32LE(0xffffffff, 76 + i * 4);
  // Sector 0 (file offset 512): the FAT.
  file.writeUInt32LE(0xfffffffd, 512);
  file.writeUInt32LE(0xfffffffe, 516);
  for (let i = 2; i < 128; i++) file.writeUInt32LE(0xffffffff, 512 + i * 4);
  // Sector 1 (file offset 1024): the directory, root entry then the stream.
  const entry = (index: number, name: string, type: number) => {
    const at = 1024 + index * 128;
    const encoded = Buffer.from(`${name}\0`, "utf16le");
    encoded.copy(file, at);
    file.writeUInt16LE(encoded.length, at + 64);
    file.writeUInt8(type, at + 66);
    file.writeUInt32LE(0xffffffff, at + 68);
    file.writeUInt32LE(0xffffffff, at + 72);
    file.writeUInt32LE(index === 0 ? 1 : 0xffffffff, at + 76);
  };
  entry(0, "Root Entry", 5);
  entry(1, streamName, 2);
  return file;
}

export const DOC = compoundFile("WordDocument");
export const XLS = compoundFile("Workbook");

// --- Hostile images ---------------------------------------------------------------------------

function pngChunk(type: string, data: Buffer) {
  const length = Buffer.alloc(4);
  length.writeUInt32BE(data.length);
  const body = Buffer.concat([Buffer.from(type, "latin1"), data]);
  const crc = Buffer.alloc(4);
  crc.writeUInt32BE(crc32(body));
  return Buffer.concat([length, body, crc]);
}

/**
 * A decompression bomb: a real, valid black-and-white PNG of `width` × `height` pixels whose rows
 * are all zero, so it packs 30,000 × 30,000 pixels (112 MB of rows, 2.7 GB once decoded to RGB)
 * into about 110 KB.
 */
export function pngBomb(width = 30_000, height = 30_000) {
  const header = Buffer.alloc(13);
  header.writeUInt32BE(width, 0);
  header.writeUInt32BE(height, 4);
  header.writeUInt8(1, 8); // bit depth 1
  header.writeUInt8(0, 9); // greyscale
  const rowBytes = 1 + Math.ceil(width / 8);
  const pixels = deflateSync(Buffer.alloc(rowBytes * height), { level: 9 });
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    pngChunk("IHDR", header),
    pngChunk("IDAT", pixels),
    pngChunk("IEND", Buffer.alloc(0)),
  ]);
}

/** The first third of a JPEG: what an interrupted copy or download leaves. */
export function truncated(bytes: Buffer) {
  return bytes.subarray(0, Math.floor(bytes.length / 3));
}
