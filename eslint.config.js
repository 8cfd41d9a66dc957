import css from "@eslint/css";
import js from "@eslint/js";
import reactHooks from "eslint-plugin-react-hooks";
import globals from "globals";
import tseslint from "typescript-eslint";
import noPhysicalDirection from "./eslint-rules/no-physical-direction.js";
import outboundThroughModule from "./eslint-rules/outbound-through-module.js";

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
        rules: { "no-physical-direction": noPhysicalDirection, "outbound-through-module": outboundThroughModule },
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
