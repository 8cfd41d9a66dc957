/**
 * Whatever authors write reaches the page as text, never as markup: in the body, in <title> and <meta>, in JSON-LD
 * and in the data the browser hydrates from. Its own database, with one hostile page.
 */
import { expect, test } from "vitest";
import { pages } from "~/db/schema";
import { serveSeededApp } from "../helpers/app-server";
import { element, elements, metaContent, textOf } from "../helpers/html";

const attack = `</title></script><script>alert(1)</script>"'><img src=x onerror=alert(2)>`;

const server = serveSeededApp(async (db) => {
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
});

test("a hostile title, description, author and tag stay text everywhere in the document", async () => {
  const response = await fetch(`${server.url}/en/notes/hostile`);
  expect(response.status).toBe(200);
  const html = await response.text();
  expect(html).not.toContain("<script>alert(1)");
  expect(html).not.toContain("<img src=x");
  // As a browser reads it: one title holding the text, attribute values that hold the whole text, no injected
  // elements.
  expect(textOf(element(html, "title"))).toBe(`Title ${attack} | Daftar • A developer's notebook`);
  expect(metaContent(html, { name: "description" })).toBe(`Description ${attack}`);
  expect(elements(html, "img", { src: "x" })).toHaveLength(0);
  // The article shows them as text.
  expect(textOf(element(html, "article"))).toContain(`Author ${attack}`);
  // JSON-LD and the hydration data keep "</script>" from closing their script elements.
  const scripts = [...html.matchAll(/<script\b[^>]*>([\s\S]*?)<\/script>/g)].map((m) => m[1]!);
  for (const body of scripts) expect(body).not.toMatch(/<\/?script/i);
  const ld = JSON.parse(/<script type="application\/ld\+json">([\s\S]*?)<\/script>/.exec(html)![1]!);
  expect(ld.headline).toBe(`Title ${attack}`);
});

test("a hostile tag's page, at its encoded address, shows the tag as text", async () => {
  const post = await (await fetch(`${server.url}/en/notes/hostile`)).text();
  const link = elements(post, "a").find((a) => textOf(a) === `tag ${attack}`);
  const href = String(link?.properties.href);
  expect(href).toBe(`/en/tags/${encodeURIComponent(`tag ${attack}`)}`);
  const response = await fetch(server.url + href);
  expect(response.status).toBe(200);
  const html = await response.text();
  expect(html).not.toContain("<script>alert(1)");
  expect(elements(html, "img", { src: "x" })).toHaveLength(0);
  expect(textOf(element(html, "title"))).toBe(`Tag: tag ${attack} | Daftar • A developer's notebook`);
  expect(textOf(element(html, "h1"))).toBe(`Tag: tag ${attack}`);
  expect(element(html, "link", { rel: "canonical" }).properties.href).toBe(server.url + href);
  const scripts = [...html.matchAll(/<script\b[^>]*>([\s\S]*?)<\/script>/g)].map((m) => m[1]!);
  for (const body of scripts) expect(body).not.toMatch(/<\/?script/i);
});
