/**
 * Whatever authors write reaches the page as text, never as markup: in the body, in <title> and <meta>, in JSON-LD
 * and in the data the browser hydrates from (all written by Preact's server renderer, decision 008). Its own
 * database, with one hostile page.
 */
import { afterAll, beforeAll, expect, test } from "vitest";
import { getDb } from "~/db/client.server";
import { pages } from "~/db/schema";
import { startAppServer, type TestServer } from "../helpers/app-server";
import { seedDatabase } from "../helpers/seed";

const attack = `</title></script><script>alert(1)</script>"'><img src=x onerror=alert(2)>`;

let server: TestServer;
beforeAll(async () => {
  const db = await getDb();
  await seedDatabase(db);
  await db.insert(pages).values({
    locale: "en",
    path: "/notes/hostile",
    title: `Title ${attack}`,
    description: `Description ${attack}`,
    author: `Author ${attack}`,
    date: "2026-03-01",
    category: "notes",
    tags: [`tag ${attack}`],
    body: "Plain text.",
  });
  server = await startAppServer();
});
afterAll(async () => {
  await server?.close();
});

test("a hostile title, description, author and tag stay text everywhere in the document", async () => {
  const response = await fetch(`${server.url}/en/notes/hostile`);
  expect(response.status).toBe(200);
  const html = await response.text();
  expect(html).not.toContain("<script>alert(1)");
  expect(html).not.toContain("<img src=x");
  // One title element, closed once, holding the text.
  expect(html.match(/<title>/g)).toHaveLength(1);
  expect(html.match(/<\/title>/g)).toHaveLength(1);
  expect(html).toMatch(/<title>Title &lt;\/title>&lt;\/script>&lt;script>alert\(1\)&lt;\/script>/);
  // Attribute values cannot be left: the quote is escaped.
  expect(html).toContain(
    '<meta name="description" content="Description &lt;/title>&lt;/script>&lt;script>alert(1)&lt;/script>&quot;',
  );
  // The article shows them as text.
  expect(html).toContain("Author &lt;/title>");
  // JSON-LD and the hydration data keep "</script>" from closing their script elements.
  const scripts = [...html.matchAll(/<script\b[^>]*>([\s\S]*?)<\/script>/g)].map((m) => m[1]!);
  for (const body of scripts) expect(body).not.toMatch(/<\/?script/i);
  const ld = JSON.parse(/<script type="application\/ld\+json">([\s\S]*?)<\/script>/.exec(html)![1]!);
  expect(ld.headline).toBe(`Title ${attack}`);
});
