import css from "@eslint/css";
import js from "@eslint/js";
import reactHooks from "eslint-plugin-react-hooks";
import globals from "globals";
import tseslint from "typescript-eslint";
import { appLayers } from "./eslint-rules/app-layers.js";
import layers from "./eslint-rules/layers.js";
import noPhysicalDirection from "./eslint-rules/no-physical-direction.js";
import outboundThroughModule from "./eslint-rules/outbound-through-module.js";

/** Where a module may come from, by place: each entry's imports are refused outside its places. */
const importRules = {
  radix: {
    outside: ["app/ui/**"],
    patterns: [
      {
        group: ["radix-ui", "radix-ui/*", "@radix-ui/*"],
        message: "Radix is used only inside app/ui/: use or add the shared part there.",
      },
    ],
  },
  tables: {
    inside: ["app/routes/**", "app/edge/**"],
    paths: [{ name: "drizzle-orm", message: "A route calls a service; tables are queried in the domain's services." }],
    patterns: [
      {
        group: ["drizzle-orm/*", "~/db/schema", "**/db/schema"],
        message: "A route calls a service; tables are queried in the domain's services.",
      },
    ],
  },
  secretKeys: {
    outside: ["app/keys/**"],
    paths: [
      {
        name: "nostr-tools/pure",
        importNames: ["finalizeEvent", "generateSecretKey", "getPublicKey"],
        message: "Secret keys are handled only in app/keys/: sign with a Signer or the site key from there.",
      },
      { name: "nostr-tools/nip44", message: "Encryption with a secret key lives in app/keys/." },
      { name: "nostr-tools/nip04", message: "Encryption with a secret key lives in app/keys/." },
      {
        name: "nostr-tools/utils",
        importNames: ["hexToBytes"],
        message: "A secret key is read from hex only in app/keys/.",
      },
    ],
  },
};

/** One no-restricted-imports entry per place, since a later entry for the same files replaces an earlier one. */
function importRestrictions() {
  const places = ["app/ui/**", "app/keys/**", "app/routes/**", "app/edge/**"];
  const matches = (globs, place) => (globs ?? []).includes(place);
  const applies = (rule, place) =>
    place === null ? !rule.inside : rule.inside ? matches(rule.inside, place) : !matches(rule.outside, place);
  return [...places, null].map((place) => {
    const rules = Object.values(importRules).filter((rule) => applies(rule, place));
    const options = {
      paths: rules.flatMap((rule) => rule.paths ?? []),
      patterns: rules.flatMap((rule) => rule.patterns ?? []),
    };
    return place
      ? { files: [place.replace("/**", "/**/*.{ts,tsx}")], rules: { "no-restricted-imports": ["error", options] } }
      : {
          files: ["app/**/*.{ts,tsx}"],
          ignores: places,
          rules: { "no-restricted-imports": ["error", options] },
        };
  });
}

/** The layers of app/ and what each place may import (eslint-rules/app-layers.js; docs/conventions.md). */
export const layerRules = [
  { files: ["app/**/*.{ts,tsx}"], rules: { "daftar/layers": ["error", appLayers] } },
  ...importRestrictions(),
  {
    // Configuration is read from the environment in one module; scripts read their own arguments and environment.
    files: ["app/**/*.{ts,tsx}", "server/**/*.ts"],
    ignores: ["app/config.server.ts"],
    rules: {
      "no-restricted-properties": [
        "error",
        { object: "process", property: "env", message: "Read configuration from app/config.server.ts." },
      ],
    },
  },
];

// Logical CSS only for left/right; top/bottom, width/height and viewport units stay allowed.
const allowedPhysicalProperties = [
  "top",
  "bottom",
  "height",
  "width",
  "min-height",
  "min-width",
  "max-height",
  "max-width",
  "margin-top",
  "margin-bottom",
  "padding-top",
  "padding-bottom",
  "border-top",
  "border-bottom",
  "border-top-width",
  "border-bottom-width",
  "border-top-color",
  "border-bottom-color",
  "border-top-style",
  "border-bottom-style",
  "overflow-x",
  "overflow-y",
  "overscroll-behavior-x",
  "overscroll-behavior-y",
  "scroll-margin-top",
  "scroll-margin-bottom",
  "scroll-padding-top",
  "scroll-padding-bottom",
  "contain-intrinsic-height",
  "contain-intrinsic-width",
];

export default tseslint.config(
  {
    ignores: [
      "build/",
      ".react-router/",
      "node_modules/",
      "data/",
      "tmp/",
      "test-results/",
      "playwright-report/",
      "drizzle/meta/",
    ],
  },
  {
    files: ["**/*.{js,ts,tsx}"],
    extends: [js.configs.recommended, ...tseslint.configs.recommended],
    languageOptions: { globals: { ...globals.browser, ...globals.node } },
    plugins: {
      daftar: {
        rules: {
          layers,
          "no-physical-direction": noPhysicalDirection,
          "outbound-through-module": outboundThroughModule,
        },
      },
    },
    rules: {
      "@typescript-eslint/no-unused-vars": [
        "error",
        { argsIgnorePattern: "^_", varsIgnorePattern: "^_", destructuredArrayIgnorePattern: "^_" },
      ],
      "@typescript-eslint/consistent-type-imports": ["error", { fixStyle: "inline-type-imports" }],
    },
  },
  { files: ["app/**/*.{ts,tsx}"], plugins: { "react-hooks": reactHooks }, rules: reactHooks.configs.recommended.rules },
  { files: ["app/**/*.{ts,tsx}", "server/**/*.ts"], rules: { "daftar/no-physical-direction": "error" } },
  ...layerRules,
  {
    // Every request to another machine through the outbound module; the browser's API client only calls its site.
    files: ["app/**/*.{ts,tsx}", "server/**/*.{ts,js}"],
    ignores: ["app/lib/outbound.server.ts", "app/lib/api-client.ts"],
    rules: { "daftar/outbound-through-module": "error" },
  },
  {
    // One way to open a write transaction: writeTransaction (or changeTransaction), which retries when busy.
    files: ["app/**/*.{ts,tsx}", "server/**/*.ts"],
    ignores: ["app/db/transaction.server.ts", "app/db/client.server.ts"],
    rules: {
      "no-restricted-syntax": [
        "error",
        {
          selector: "CallExpression[callee.property.name='transaction']",
          message: "Use writeTransaction (app/db/transaction.server.ts) or changeTransaction for a transaction.",
        },
      ],
    },
  },
  {
    files: ["**/*.css"],
    language: "css/css",
    languageOptions: { tolerant: true },
    plugins: { css },
    rules: {
      "css/prefer-logical-properties": [
        "error",
        { allowProperties: allowedPhysicalProperties, allowUnits: ["vh", "vw", "dvh", "svh", "lvh"] },
      ],
    },
  },
);
