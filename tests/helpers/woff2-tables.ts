/**
 * Reads what a WOFF2 font holds, for tests: its character map (which code points it draws) and its weight axis.
 * WOFF2 keeps a table directory, then every table in one brotli stream; `cmap` and `fvar` are never transformed,
 * so they are read as they are in the font (the OpenType specification's layouts).
 */
import { brotliDecompressSync } from "node:zlib";

// WOFF2's known table tags, by the index its directory names them with (63: the tag follows).
const KNOWN_TAGS =
  "cmap head hhea hmtx maxp name OS/2 post cvt  fpgm glyf loca prep CFF  VORG EBDT EBLC gasp hdmx kern LTSH PCLT " +
  "VDMX vhea vmtx BASE GDEF GPOS GSUB EBSC JSTF MATH CBDT CBLC COLR CPAL SVG  sbix acnt avar bdat bloc bsln cvar " +
  "fdsc feat fmtx fvar gvar hsty just lcar mort morx opbd prop trak Zapf Silf Glat Gloc Feat Sill";
const tagOf = (index: number) => KNOWN_TAGS.slice(index * 5, index * 5 + 4);

function woff2Tables(font: Buffer): Map<string, Buffer> {
  if (font.toString("latin1", 0, 4) !== "wOF2") throw new Error("not a WOFF2 font");
  const numTables = font.readUInt16BE(12);
  let at = 48;
  const base128 = () => {
    let value = 0;
    for (let i = 0; i < 5; i++) {
      const byte = font.readUInt8(at++);
      value = value * 128 + (byte & 0x7f);
      if (!(byte & 0x80)) return value;
    }
    throw new Error("bad UIntBase128");
  };
  const directory: { tag: string; length: number }[] = [];
  for (let i = 0; i < numTables; i++) {
    const flags = font.readUInt8(at++);
    const tag = (flags & 0x3f) === 63 ? font.toString("latin1", at, (at += 4)) : tagOf(flags & 0x3f);
    const version = flags >> 6;
    const origLength = base128();
    // glyf and loca are transformed unless their version is 3; other tables only when it is not 0.
    const transformed = tag === "glyf" || tag === "loca" ? version !== 3 : version !== 0;
    directory.push({ tag, length: transformed ? base128() : origLength });
  }
  const data = brotliDecompressSync(font.subarray(at, at + font.readUInt32BE(20)));
  const tables = new Map<string, Buffer>();
  let offset = 0;
  for (const { tag, length } of directory) {
    tables.set(tag.trim(), data.subarray(offset, offset + length));
    offset += length;
  }
  return tables;
}

/** Every code point the font's Unicode character map draws. */
export function codePointsOf(font: Buffer): Set<number> {
  const cmap = woff2Tables(font).get("cmap");
  if (!cmap) throw new Error("the font has no cmap");
  const points = new Set<number>();
  const subtables = new Set<number>();
  for (let i = 0; i < cmap.readUInt16BE(2); i++) {
    const record = 4 + i * 8;
    const platform = cmap.readUInt16BE(record);
    const encoding = cmap.readUInt16BE(record + 2);
    if (platform === 0 || (platform === 3 && (encoding === 1 || encoding === 10))) {
      subtables.add(cmap.readUInt32BE(record + 4));
    }
  }
  for (const start of subtables) {
    const format = cmap.readUInt16BE(start);
    if (format === 4) {
      const segments = cmap.readUInt16BE(start + 6) / 2;
      const ends = start + 14;
      const starts = ends + segments * 2 + 2;
      const deltas = starts + segments * 2;
      const rangeOffsets = deltas + segments * 2;
      for (let s = 0; s < segments; s++) {
        const first = cmap.readUInt16BE(starts + s * 2);
        const last = cmap.readUInt16BE(ends + s * 2);
        const delta = cmap.readUInt16BE(deltas + s * 2);
        const rangeOffset = cmap.readUInt16BE(rangeOffsets + s * 2);
        for (let c = first; c <= last && c !== 0xffff; c++) {
          const glyph =
            rangeOffset === 0
              ? (c + delta) & 0xffff
              : cmap.readUInt16BE(rangeOffsets + s * 2 + rangeOffset + (c - first) * 2);
          if (glyph !== 0) points.add(c);
        }
      }
    } else if (format === 12) {
      for (let g = 0; g < cmap.readUInt32BE(start + 12); g++) {
        const group = start + 16 + g * 12;
        for (let c = cmap.readUInt32BE(group); c <= cmap.readUInt32BE(group + 4); c++) points.add(c);
      }
    }
  }
  return points;
}

/** The font's variation axes: tag, least and greatest value. */
export function axesOf(font: Buffer): { tag: string; min: number; max: number }[] {
  const fvar = woff2Tables(font).get("fvar");
  if (!fvar) return [];
  const first = fvar.readUInt16BE(4);
  const size = fvar.readUInt16BE(10);
  return Array.from({ length: fvar.readUInt16BE(8) }, (_, i) => {
    const axis = first + i * size;
    return {
      tag: fvar.toString("latin1", axis, axis + 4),
      min: fvar.readInt32BE(axis + 4) / 65536,
      max: fvar.readInt32BE(axis + 12) / 65536,
    };
  });
}
