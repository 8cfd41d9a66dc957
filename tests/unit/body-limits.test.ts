/** Which routes take larger bodies: a path and what lies under it, never a longer name that begins the same way. */
import { describe, expect, test } from "vitest";
import { bodyLimitFor, DEFAULT_BODY_LIMIT } from "../../server/body-limit";

describe("bodyLimitFor", () => {
  test("a route's larger limit covers the route and what lies under it", () => {
    expect(bodyLimitFor("/api/builds/preview")).toBe(2 * 1024 * 1024);
    expect(bodyLimitFor("/api/media/upload")).toBe(12 * 1024 * 1024);
    expect(bodyLimitFor("/git/content.git/git-upload-pack")).toBe(256 * 1024);
  });

  test("a route whose name merely begins the same way keeps the default", () => {
    expect(bodyLimitFor("/api/builds/preview-links")).toBe(DEFAULT_BODY_LIMIT);
    expect(bodyLimitFor("/api/builds/commits")).toBe(DEFAULT_BODY_LIMIT);
    expect(bodyLimitFor("/api/media/uploads")).toBe(DEFAULT_BODY_LIMIT);
    expect(bodyLimitFor("/gitx")).toBe(DEFAULT_BODY_LIMIT);
  });
});
