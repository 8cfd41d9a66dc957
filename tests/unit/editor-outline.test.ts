import { describe, expect, test } from "vitest";
import { headingsOf } from "~/editor/ui/outline";

describe("the editor's outline", () => {
  test("lists the headings of levels 1 to 3 in order, with their text, not those in code", () => {
    const markdown = [
      "# آغاز",
      "",
      "Text.",
      "",
      "## Setup ##",
      "",
      "```bash",
      "# a shell comment, not a heading",
      "```",
      "",
      "### جزئیات",
      "",
      "#### Too deep",
      "",
      "#not-a-heading",
      "   ## Indented three spaces",
    ].join("\n");
    expect(headingsOf(markdown)).toEqual([
      { level: 1, text: "آغاز" },
      { level: 2, text: "Setup" },
      { level: 3, text: "جزئیات" },
      { level: 2, text: "Indented three spaces" },
    ]);
  });

  test("a fence closed only by its own kind of marker", () => {
    expect(headingsOf("~~~\n```\n# inside\n~~~\n# after")).toEqual([{ level: 1, text: "after" }]);
  });
});
