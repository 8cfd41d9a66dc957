/**
 * Input an attacker would send, as fast-check arbitraries: injection payloads, unicode edge cases, wrong types,
 * prototype keys, malformed and oversized bodies. Field names come from the app's own payload schemas, so a
 * field added later is attacked without being listed here.
 */
import fc from "fast-check";
import * as z from "zod";

/** Strings known to break naive code: SQL, HTML/JS, path traversal, header and format tricks. */
export const payloads = [
  "' OR '1'='1",
  "1; DROP TABLE users; --",
  '"); DELETE FROM comments; --',
  "<script>alert(1)</script>",
  '"><img src=x onerror=alert(1)>',
  "javascript:alert(1)",
  "{{constructor.constructor('alert(1)')()}}",
  "../../../../etc/passwd",
  "..%2f..%2f..%2fetc%2fpasswd",
  "/\\evil.example",
  "//evil.example",
  "\r\nSet-Cookie: pwned=1",
  "%0d%0aLocation:%20//evil.example",
  "%s%s%s%n",
  "file:../../outside/daftar.db",
  "file:/tmp/daftar-hostile/daftar.db",
  "http://169.254.169.254/latest/meta-data",
  "libsql://127.0.0.1:22",
  "\u0000",
  "\u202Egnp.exe",
  "\u2066\u2067\u2068\u2069",
  "\uD800",
  "\uDFFF\uD800",
  "\uFEFF",
  "ي\u200Cك",
  "😀".repeat(50),
  "1e308",
  "-1",
  "0x10",
  "NaN",
  "Infinity",
  "9007199254740993",
  "",
  " ",
  "a".repeat(5000),
];

/** Numbers at and past the edges. */
const edgeNumbers = [0, -0, -1, 1.5, 2 ** 31, 2 ** 53 + 2, -(2 ** 63), 1e308, Number.MAX_SAFE_INTEGER];

export const hostileString: fc.Arbitrary<string> = fc.oneof(
  { weight: 4, arbitrary: fc.constantFrom(...payloads) },
  { weight: 2, arbitrary: fc.string({ unit: "binary", maxLength: 40 }) },
  { weight: 1, arbitrary: fc.string({ unit: "grapheme", maxLength: 40 }) },
  {
    weight: 1,
    arbitrary: fc.string({
      unit: fc.constantFrom("\u200C", "\u202E", "\u0000", "/", "\\", ".", "%", "<"),
      maxLength: 20,
    }),
  },
);

const leaf: fc.Arbitrary<unknown> = fc.oneof(
  { weight: 4, arbitrary: hostileString },
  { weight: 2, arbitrary: fc.constantFrom(...edgeNumbers) },
  { weight: 1, arbitrary: fc.integer({ min: -3, max: 5 }) },
  { weight: 1, arbitrary: fc.boolean() },
  { weight: 1, arbitrary: fc.constant(null) },
);

/** Any JSON value a hostile client might put in a field: right and wrong types, nested. */
export const hostileValue: fc.Arbitrary<unknown> = fc.letrec<{ value: unknown }>((tie) => ({
  value: fc.oneof(
    { depthSize: "small", withCrossShrink: true },
    { weight: 6, arbitrary: leaf },
    { weight: 1, arbitrary: fc.array(tie("value"), { maxLength: 3 }) },
    {
      weight: 1,
      arbitrary: fc.dictionary(fc.constantFrom("id", "__proto__", "constructor", "x"), tie("value"), { maxKeys: 2 }),
    },
  ),
})).value;

/** Every field name of every payload schema the app exports (`app/<domain>/schema.ts`). */
export function schemaFieldNames(): string[] {
  const modules = import.meta.glob<Record<string, unknown>>("../../app/*/schema.ts", { eager: true });
  const names = new Set<string>();
  const visit = (value: unknown, depth: number) => {
    if (depth > 4 || !(value instanceof z.ZodType)) return;
    const def = (value as unknown as { _zod: { def: Record<string, unknown> } })._zod.def;
    if (value instanceof z.ZodObject) {
      for (const [key, field] of Object.entries(value.shape)) {
        names.add(key);
        visit(field, depth + 1);
      }
    }
    for (const inner of ["in", "out", "innerType", "element", "left", "right"]) visit(def[inner], depth + 1);
    if (Array.isArray(def.options)) for (const option of def.options) visit(option, depth + 1);
  };
  for (const module of Object.values(modules)) for (const value of Object.values(module)) visit(value, 0);
  return [...names].sort();
}

/** A JSON body as text: objects over the schemas' fields with hostile values, or text that is not JSON at all. */
export function hostileBody(fields: string[]): fc.Arbitrary<{ text: string; contentType: string }> {
  const json = (value: unknown) => ({ text: JSON.stringify(value), contentType: "application/json" });
  return fc.oneof(
    {
      weight: 8,
      arbitrary: fc
        .dictionary(
          fc.oneof({ weight: 5, arbitrary: fc.constantFrom(...fields) }, { weight: 1, arbitrary: hostileString }),
          hostileValue,
          {
            maxKeys: 6,
          },
        )
        .map(json),
    },
    { weight: 1, arbitrary: fc.array(hostileValue, { maxLength: 3 }).map(json) },
    { weight: 1, arbitrary: leaf.map(json) },
    {
      weight: 2,
      arbitrary: fc.constantFrom(
        {
          text: '{"__proto__":{"isAdmin":true,"permissions":["users.manage"]},"constructor":{"prototype":{"polluted":1}}}',
          contentType: "application/json",
        },
        { text: "{", contentType: "application/json" },
        { text: '{"a":1,}', contentType: "application/json" },
        { text: "\uFEFF{}", contentType: "application/json" },
        { text: "nul", contentType: "application/json" },
        { text: "", contentType: "application/json" },
        { text: "userName=admin&password=x", contentType: "application/x-www-form-urlencoded" },
        {
          text: '--b\r\nContent-Disposition: form-data; name="x"\r\n\r\n1\r\n--b--',
          contentType: "multipart/form-data; boundary=b",
        },
        { text: "<x/>", contentType: "text/xml" },
        { text: `{"a":"${"x".repeat(2_000_000)}"}`, contentType: "application/json" },
        { text: `${"[".repeat(50_000)}${"]".repeat(50_000)}`, contentType: "application/json" },
      ),
    },
  );
}

/** Query values a page or call accepts, so a probe that changes one of them reaches the code behind the checks. */
export const plausibleQuery: Record<string, string> = {
  routePath: "/notes/hostile-probe",
  path: "/notes/hostile-probe",
  q: "test",
  locale: "fa",
  category: "notes",
};

/** Numbers in query strings that naive parsing turns into failures: huge, negative, fractional, unsafe, not numbers. */
export const edgeQueryNumbers = ["1e308", "-1", "1.5", "9007199254740993", "۱۲", "abc"];

/** Query names that take numbers. */
export const numericQueryNames = ["page", "pageSize", "limit", "offset"];

/** Query names pages and calls read; each is tried often, the schemas' other fields less so. */
const queryNames = [
  "page",
  "pageSize",
  "limit",
  "offset",
  "q",
  "routePath",
  "redirectTo",
  "returnTo",
  "mode",
  "category",
];

/** A query string over the names pages read and the schemas' fields, with hostile values. */
export function hostileQuery(fields: string[]): fc.Arbitrary<string> {
  const name = fc.oneof(
    { weight: 2, arbitrary: fc.constantFrom(...queryNames) },
    { weight: 1, arbitrary: fc.constantFrom(...fields) },
  );
  const value = fc.oneof(hostileString, fc.constantFrom(...edgeNumbers.map(String)));
  return fc
    .array(fc.tuple(name, value), { minLength: 1, maxLength: 4 })
    .map((pairs) => `?${new URLSearchParams(pairs).toString()}`);
}

export const methods = ["GET", "HEAD", "POST", "PUT", "DELETE", "PATCH", "OPTIONS"] as const;
