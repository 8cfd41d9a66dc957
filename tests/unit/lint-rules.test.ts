import { ESLint } from "eslint";
import { describe, expect, test } from "vitest";

// Lints snippets as if they were files of the app, through the project's real ESLint configuration.
const eslint = new ESLint({ cwd: process.cwd() });

async function messagesFor(code: string, filePath: string) {
  const [result] = await eslint.lintText(code, { filePath });
  return (result?.messages ?? []).map((m) => m.ruleId);
}

describe("physical left/right is rejected", () => {
  test.each([
    ['<div className="ml-2" />'],
    ['<div className="flex pr-4" />'],
    ['<div className="md:text-left" />'],
    ['<div className="absolute left-0" />'],
    ['<div className="border-r" />'],
    ['<div className="rounded-l-md" />'],
    ['<div className={`p-2 ${x ? "-mr-1" : ""}`} />'],
    ["<div style={{ marginLeft: 4 }} />"],
    ["<div style={{ left: 0 }} />"],
    ['<div style={{ textAlign: "right" }} />'],
  ])("%s", async (snippet) => {
    const code = `const x = true; export const C = () => ${snippet};`;
    expect(await messagesFor(code, "app/ui/snippet.tsx")).toContain("daftar/no-physical-direction");
  });

  test.each([
    ['<div className="ms-2 pe-4 start-0 end-2 text-start border-e rounded-s-md inset-x-0" />'],
    ["<div style={{ marginInlineStart: 4, top: 0 }} />"],
    ['<div className="leftover rightful" />'],
  ])("allows %s", async (snippet) => {
    const code = `export const C = () => ${snippet};`;
    expect(await messagesFor(code, "app/ui/snippet.tsx")).not.toContain("daftar/no-physical-direction");
  });

  test("CSS with margin-left or float: right is rejected, logical CSS passes", async () => {
    expect(await messagesFor(".a { margin-left: 1rem; }", "app/x.css")).toContain("css/prefer-logical-properties");
    expect(await messagesFor(".a { float: right; }", "app/x.css")).toContain("css/prefer-logical-properties");
    expect(await messagesFor(".a { margin-inline-start: 1rem; top: 0; height: 2rem; }", "app/x.css")).toEqual([]);
  });
});
