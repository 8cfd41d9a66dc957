import { expect, test } from "vitest";
import { isCrossSiteMutation } from "~/lib/same-origin.server";

const url = new URL("https://daftar.example/api/x");
const h = (init: Record<string, string>) => new Headers(init);

test.each([
  ["GET from anywhere", "GET", { origin: "https://evil.example" }, false],
  ["POST from this origin", "POST", { origin: "https://daftar.example" }, false],
  ["POST from another origin", "POST", { origin: "https://evil.example" }, true],
  ["POST from another port", "POST", { origin: "https://daftar.example:8443" }, true],
  ["POST with an opaque origin", "DELETE", { origin: "null" }, true],
  ["POST marked cross-site without Origin", "PUT", { "sec-fetch-site": "cross-site" }, true],
  ["POST marked same-site (a sibling subdomain)", "POST", { "sec-fetch-site": "same-site" }, true],
  ["POST marked same-origin", "POST", { "sec-fetch-site": "same-origin" }, false],
  ["POST from a non-browser client", "POST", {}, false],
] as const)("%s", (_name, method, headers, expected) => {
  expect(isCrossSiteMutation(method, url, h(headers))).toBe(expected);
});
