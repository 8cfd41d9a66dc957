/**
 * An export kept as read (app/import/packed-export.server.ts): unpacked it is the export the reader read, item for
 * item, and an export kept as sent (text) is told apart from it.
 */
import { describe, expect, test } from "vitest";
import { isPacked, packExport, unpackExport } from "~/import/packed-export.server";
import { readExportBytes, readExportText } from "~/import/read-export.server";
import { largeWordPressExport } from "../fixtures/import/large-export";

const text = largeWordPressExport({ posts: 250, commentsPerPost: 3, images: 20 });

describe("an export packed", () => {
  test("unpacks to what was read, its items in order (more than one slice of them)", async () => {
    const site = await readExportText("wordpress", text);
    expect(site.items.length).toBe(250);
    const packed = packExport(site);
    expect(isPacked(packed)).toBe(true);
    expect(await unpackExport(packed)).toEqual(site);
  });

  test("an export as sent is not taken for one packed, and is refused as packed", async () => {
    const bytes = new TextEncoder().encode(text);
    expect(isPacked(bytes)).toBe(false);
    expect(isPacked(new TextEncoder().encode('{"db":[]}'))).toBe(false);
    expect(isPacked(new Uint8Array())).toBe(false);
    await expect(unpackExport(bytes)).rejects.toThrow();
  });

  test("read from its bytes a piece at a time, it is what its text reads as", async () => {
    const fromBytes = await readExportBytes("wordpress", new TextEncoder().encode(text));
    expect(fromBytes).toEqual(await readExportText("wordpress", text));
  });
});
