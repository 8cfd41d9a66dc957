/**
 * Forms as the server renders them: a real `<form method="post">` to the JSON endpoint with named inputs, and a
 * submit button that stays disabled until the page is hydrated. /login and /register are one route module,
 * told apart by the address.
 */
import { afterAll, beforeAll, describe, expect, test } from "vitest";
import { getDb } from "~/db/client.server";
import { startAppServer, type TestServer } from "../helpers/app-server";
import { element, elements, textOf, type Element } from "../helpers/html";
import { seedDatabase } from "../helpers/seed";

let server: TestServer;
beforeAll(async () => {
  await seedDatabase(await getDb());
  server = await startAppServer();
});
afterAll(async () => {
  await server?.close();
});

async function page(path: string) {
  const response = await fetch(server.url + path);
  expect(response.status, path).toBe(200);
  return response.text();
}

/** The names of a form's inputs and text areas, in document order. */
function names(html: string, form: string): unknown[] {
  const found: unknown[] = [];
  const visit = (node: Element) => {
    for (const child of node.children) {
      if (child.type !== "element") continue;
      if (["input", "textarea"].includes(child.tagName) && child.properties.name) found.push(child.properties.name);
      visit(child);
    }
  };
  visit(element(html, "form", { dataTestid: form }));
  return found;
}

describe("login and register pages", () => {
  for (const [path, title] of [
    ["/login", "ورود"],
    ["/en/login", "Log in"],
  ] as const) {
    test(`${path} posts to /api/auth/login with named fields, its button disabled before hydration`, async () => {
      const html = await page(path);
      const form = element(html, "form", { dataTestid: "login-form" });
      expect(form.properties).toMatchObject({ method: "post", action: "/api/auth/login", noValidate: true });
      expect(names(html, "login-form")).toEqual(["userName", "password"]);
      expect(element(html, "button", { dataTestid: "login-submit" }).properties.disabled).toBe(true);
      expect(textOf(element(html, "h1"))).toBe(title);
      expect(elements(html, "form", { dataTestid: "register-form" })).toHaveLength(0);
    });
  }

  for (const [path, title] of [
    ["/register", "ثبت‌نام"],
    ["/en/register", "Register"],
  ] as const) {
    test(`${path} posts to /api/auth/register with the account's fields`, async () => {
      const html = await page(path);
      const form = element(html, "form", { dataTestid: "register-form" });
      expect(form.properties).toMatchObject({ method: "post", action: "/api/auth/register" });
      expect(names(html, "register-form").sort()).toEqual(
        ["about", "confirmPassword", "firstName", "lastName", "password", "userName"].sort(),
      );
      expect(element(html, "button", { dataTestid: "register-submit" }).properties.disabled).toBe(true);
      expect(textOf(element(html, "h1"))).toBe(title);
      expect(textOf(element(html, "title"))).toMatch(new RegExp(`^${title} \\| `));
    });
  }

  test("each page links to the other, keeping where to go afterwards", async () => {
    const login = await page("/en/login?redirectTo=%2Fen%2Fprofile");
    expect(elements(login, "a").map((a) => a.properties.href)).toContain("/en/register?redirectTo=%2Fen%2Fprofile");
    const register = await page("/register?redirectTo=%2Fprofile");
    expect(elements(register, "a").map((a) => a.properties.href)).toContain("/login?redirectTo=%2Fprofile");
  });
});
