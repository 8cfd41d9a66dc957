/** The request log never writes a preview link's token, in any of the link's locale forms. */
import { describe, expect, test } from "vitest";
import { loggedPath } from "../../server/http";

describe("loggedPath", () => {
  test("leaves a preview token out and every other path as it is", () => {
    const token = "Zx9_-".repeat(8) + "abc";
    expect(loggedPath(`/preview/${token}`)).toBe("/preview/…");
    expect(loggedPath(`/en/preview/${token}`)).toBe("/en/preview/…");
    expect(loggedPath(`/fa/preview/${token}`)).toBe("/fa/preview/…");
    expect(loggedPath(`/en/preview/${token}.data`)).toBe("/en/preview/…");
    // Routes match in any case and decoded: so does the log's rule.
    expect(loggedPath(`/Preview/${token}`)).toBe("/Preview/…");
    expect(loggedPath(`/en/PREVIEW/${token}`)).toBe("/en/PREVIEW/…");
    expect(loggedPath(`/%70review/${token}`)).toBe("/preview/…");
    expect(loggedPath("/notes/preview")).toBe("/notes/preview");
    expect(loggedPath("/en/notes/hello")).toBe("/en/notes/hello");
  });
});
