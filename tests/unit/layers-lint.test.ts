import { execFileSync } from "node:child_process";
import { readFileSync } from "node:fs";
import { ESLint, type Linter, type Rule } from "eslint";
import tseslint from "typescript-eslint";
import { describe, expect, test } from "vitest";
import { appLayers } from "../../eslint-rules/app-layers.js";

// Lints deliberate violations as if they were files of the app, through the project's real ESLint configuration.
const eslint = new ESLint({ cwd: process.cwd() });
const layerRuleIds = ["daftar/layers", "no-restricted-imports", "no-restricted-properties"];

async function errorsFor(code: string, filePath: string) {
  const [result] = await eslint.lintText(code, { filePath });
  return (result?.messages ?? []).filter((m) => m.severity === 2 && layerRuleIds.includes(m.ruleId ?? ""));
}
const rulesOf = async (code: string, filePath: string) => (await errorsFor(code, filePath)).map((m) => m.ruleId);

describe("the layers of app/", () => {
  test.each([
    ["the base imports no domain", 'import { hit } from "~/auth/users.server";', "app/lib/x.ts"],
    ["the base imports no domain (relative)", 'import { x } from "../media/paths";', "app/ui/x.tsx"],
    ["the key home imports no domain", 'import type { SessionUser } from "~/auth/session-user";', "app/keys/x.ts"],
    ["the base imports no edge", 'import { apiRoute } from "~/edge/api-route.server";', "app/db/x.ts"],
    ["a domain imports no edge", 'import { apiRoute } from "~/edge/api-route.server";', "app/content/x.ts"],
    ["a domain imports no route", 'import { loader } from "~/routes/site/home";', "app/builds/x.ts"],
    ["auth sits below nostr", 'import { x } from "~/nostr/names.server";', "app/auth/x.ts"],
    ["comments are not shown by settings", 'import { x } from "~/comments/ui/comments-slot";', "app/settings/x.tsx"],
    ["a dynamic import counts", 'export const load = () => import("~/manage/nav");', "app/content/x.ts"],
    ["a type import counts", 'import type { MediaItem } from "~/builds/media.server";', "app/media/x.ts"],
    ["a folder in no layer", "export const x = 1;", "app/newfolder/x.ts"],
  ])("%s", async (_name, code, filePath) => {
    expect(await rulesOf(code, filePath)).toContain("daftar/layers");
  });

  test("each named composition is allowed, and a domain imports the base", async () => {
    for (const [domain, compositions] of Object.entries(appLayers.domains)) {
      for (const other of Object.keys(compositions)) {
        expect(await rulesOf(`import { x } from "~/${other}/x";`, `app/${domain}/y.ts`)).toEqual([]);
      }
      expect(
        await rulesOf('import { x } from "~/lib/x";\nimport { y } from "~/keys/y";', `app/${domain}/y.ts`),
      ).toEqual([]);
    }
  });

  test("the edge imports every layer", async () => {
    const code =
      'import { a } from "~/manage/nav";\nimport { b } from "~/edge/api-route.server";\nimport { c } from "~/lib/x";';
    expect(await rulesOf(code, "app/routes/api/x.ts")).toEqual([]);
    expect(await rulesOf(code, "app/edge/x.ts")).toEqual([]);
  });

  test("the message names the domains a domain may import", async () => {
    const [error] = await errorsFor('import { x } from "~/editor/y";', "app/content/x.ts");
    expect(error?.message).toContain("app/comments");
    expect(error?.message).not.toContain("app/editor and");
  });
});

describe("what a module may import, by place", () => {
  test.each([
    ["routes import no drizzle-orm", 'import { eq } from "drizzle-orm";', "app/routes/site/x.tsx"],
    [
      "routes import no drizzle-orm subpath",
      'import type { BatchItem } from "drizzle-orm/batch";',
      "app/routes/api/x.ts",
    ],
    ["routes import no table schema", 'import { users } from "~/db/schema";', "app/routes/manage/x.tsx"],
    ["routes import no table schema (relative)", 'import { users } from "../../db/schema";', "app/routes/site/x.tsx"],
    ["Radix only inside app/ui", 'import { Popover } from "radix-ui";', "app/editor/ui/x.tsx"],
    ["Radix packages only inside app/ui", 'import * as P from "@radix-ui/react-popover";', "app/routes/site/x.tsx"],
    ["signing only in app/keys", 'import { finalizeEvent } from "nostr-tools/pure";', "app/comments/ui/x.tsx"],
    ["secret keys made only in app/keys", 'import { generateSecretKey } from "nostr-tools/pure";', "app/nostr/x.ts"],
    ["encryption only in app/keys", 'import * as nip44 from "nostr-tools/nip44";', "app/nostr/ui/x.tsx"],
    ["secret hex read only in app/keys", 'import { hexToBytes } from "nostr-tools/utils";', "app/ui/x.tsx"],
  ])("%s", async (_name, code, filePath) => {
    expect(await rulesOf(code, filePath)).toContain("no-restricted-imports");
  });

  test("what each place may import", async () => {
    expect(await rulesOf('import { Popover } from "radix-ui";', "app/ui/x.tsx")).toEqual([]);
    expect(await rulesOf('import { finalizeEvent } from "nostr-tools/pure";', "app/keys/x.ts")).toEqual([]);
    expect(await rulesOf('import { eq } from "drizzle-orm";', "app/content/x.server.ts")).toEqual([]);
    expect(await rulesOf('import { verifyEvent, type Event } from "nostr-tools/pure";', "app/nostr/x.ts")).toEqual([]);
  });

  test("process.env only in the configuration module", async () => {
    const code = "export const port = process.env.PORT;";
    expect(await rulesOf(code, "app/lib/x.server.ts")).toContain("no-restricted-properties");
    expect(await rulesOf(code, "server/x.ts")).toContain("no-restricted-properties");
    expect(await rulesOf(code, "app/config.server.ts")).toEqual([]);
  });
});

describe("the tree as it is", () => {
  test("lints clean of the layer rules", async () => {
    // Only the layer rules, so the whole tree is read in seconds; `npm run lint` runs them with the others.
    const { layerRules } = (await import("../../eslint.config.js" as string)) as { layerRules: Linter.Config[] };
    const { default: layers } = (await import("../../eslint-rules/layers.js" as string)) as {
      default: Rule.RuleModule;
    };
    const layersOnly = new ESLint({
      cwd: process.cwd(),
      overrideConfigFile: true,
      overrideConfig: [
        {
          files: ["**/*.{ts,tsx}"],
          languageOptions: { parser: tseslint.parser },
          // The other rules are off here, so their disable comments have nothing to silence.
          linterOptions: { reportUnusedDisableDirectives: "off" },
          plugins: { daftar: { rules: { layers } } },
        },
        ...layerRules,
      ],
    });
    const results = await layersOnly.lintFiles(["app/**/*.{ts,tsx}", "server/**/*.ts"]);
    const errors = results.flatMap((r) => r.messages.map((m) => `${r.filePath}:${m.line} ${m.message}`));
    expect(errors).toEqual([]);
  }, 120_000);

  test("the folder graph finds no import against the layers", () => {
    const out = execFileSync("npx", ["tsx", "scripts/folder-graph.ts", "--check"], { encoding: "utf8" });
    expect(out).toContain("Imports against the layers (0)");
  }, 60_000);

  test("docs/conventions.md names every composition the rule allows", () => {
    const conventions = readFileSync("docs/conventions.md", "utf8");
    for (const [domain, compositions] of Object.entries(appLayers.domains)) {
      for (const [other, meaning] of Object.entries(compositions)) {
        expect(conventions, `${domain} → ${other}`).toContain(`${domain} → ${other}: ${meaning}`);
      }
    }
  });
});
