// @vitest-environment jsdom
/**
 * The dashboard's categories screen as its route module renders it: adding and renaming a category (a form in a
 * dialog, its address checked as the shared schema checks it), moving one, and removing one (a confirmation, or
 * an explanation while the category still has items).
 */
import { screen, waitFor, within } from "@testing-library/react";
import { describe, expect, it } from "vitest";
import type { Locale } from "~/i18n/locales";
import ManageCategories from "~/routes/manage/items-category";
import { apiDouble, ok, type ApiDouble } from "./api-double";
import { renderPage, text, toastTexts } from "./render";

const categories = [
  { slug: "notes", name: { fa: "یادداشت‌ها", en: "Notes" }, items: { fa: 2, en: 1 } },
  { slug: "books", name: { fa: "کتاب‌ها", en: "Books" }, items: { fa: 0, en: 0 } },
];

function render(locale: Locale, api: ApiDouble = apiDouble(), canEdit = true) {
  return renderPage(ManageCategories, {
    locale,
    path: "/manage/items/category",
    data: { categories, canEdit },
    api,
  });
}

describe("adding a category", () => {
  it("checks the address while it is typed: the hint until it is wrong, then the rule", async () => {
    const view = render("en");
    await view.user.click(screen.getByRole("button", { name: text("en", "items.category.add") }));
    const dialog = await screen.findByRole("dialog", { name: text("en", "items.category.addTitle") });
    const slug = within(dialog).getByLabelText(text("en", "items.category.slug"));
    const descriptions = () =>
      (slug.getAttribute("aria-describedby") ?? "").split(" ").map((id) => document.getElementById(id)?.textContent);
    await view.user.type(slug, "poems");
    expect(descriptions()).toEqual([text("en", "items.category.slugHint", { slug: "poems" })]);
    await view.user.clear(slug);
    await view.user.type(slug, "My Notes");
    await view.user.tab();
    expect(slug.getAttribute("aria-invalid")).toBe("true");
    expect(descriptions()).toEqual([text("en", "items.category.slugChars")]);
  });

  it("sends both names and the address, then closes", async () => {
    const api = apiDouble().on("POST", "/api/categories/new", () =>
      ok({ message: text("fa", "items.category.added") }, 201),
    );
    const view = render("fa", api);
    await view.user.click(screen.getByRole("button", { name: text("fa", "items.category.add") }));
    const dialog = await screen.findByRole("dialog", { name: text("fa", "items.category.addTitle") });
    await view.user.type(within(dialog).getByLabelText(text("fa", "items.category.slug")), "poems");
    await view.user.type(within(dialog).getByLabelText(text("fa", "items.category.nameFa")), "شعرها");
    await view.user.type(within(dialog).getByLabelText(text("fa", "items.category.nameEn")), "Poems{Enter}");
    await waitFor(() => expect(screen.queryByRole("dialog")).toBeNull());
    expect(api.callsTo("/api/categories/new")[0]?.body).toEqual({ slug: "poems", nameFa: "شعرها", nameEn: "Poems" });
    await waitFor(() => expect(toastTexts("fa")).toContain(text("fa", "items.category.added")));
  });
});

describe("renaming a category", () => {
  it("starts from its names, keeps its address and sends the new names with PUT", async () => {
    const api = apiDouble().on("PUT", "/api/categories/update", () => ok({ message: "ok" }));
    const view = render("en", api);
    await view.user.click(
      screen.getByRole("button", { name: text("en", "items.category.renameOf", { name: "Notes" }) }),
    );
    const dialog = await screen.findByRole("dialog", {
      name: text("en", "items.category.renameTitle", { name: "Notes" }),
    });
    expect(within(dialog).queryByLabelText(text("en", "items.category.slug"))).toBeNull();
    const english = within(dialog).getByLabelText(text("en", "items.category.nameEn"));
    expect(english).toHaveProperty("value", "Notes");
    await view.user.clear(english);
    await view.user.type(english, "Field notes");
    await view.user.click(within(dialog).getByRole("button", { name: text("en", "items.category.rename") }));
    await waitFor(() => expect(screen.queryByRole("dialog")).toBeNull());
    expect(api.callsTo("/api/categories/update")[0]?.body).toEqual({
      slug: "notes",
      nameFa: "یادداشت‌ها",
      nameEn: "Field notes",
    });
  });
});

describe("moving and removing categories", () => {
  it("moves a category down with one call holding the new order", async () => {
    const api = apiDouble().on("PUT", "/api/categories/order", () => ok({ message: "ok" }));
    const view = render("fa", api);
    await view.user.click(
      screen.getByRole("button", { name: text("fa", "items.category.moveDown", { name: "یادداشت‌ها" }) }),
    );
    await waitFor(() => expect(api.callsTo("/api/categories/order")).toHaveLength(1));
    expect(api.callsTo("/api/categories/order")[0]?.body).toEqual({ slugs: ["books", "notes"] });
  });

  it("explains that a category with items cannot be removed, offering only to close", async () => {
    const view = render("fa");
    await view.user.click(
      screen.getByRole("button", { name: text("fa", "items.category.removeOf", { name: "یادداشت‌ها" }) }),
    );
    const dialog = await screen.findByRole("dialog", {
      name: text("fa", "items.category.removeTitle", { name: "یادداشت‌ها" }),
    });
    expect(within(dialog).getByText(text("fa", "items.category.inUse", { count: "۳" }))).toBeDefined();
    expect(within(dialog).queryByRole("button", { name: text("fa", "items.category.removeConfirm") })).toBeNull();
    await view.user.keyboard("{Escape}");
    await waitFor(() => expect(screen.queryByRole("dialog")).toBeNull());
    expect(view.api.calls).toHaveLength(0);
  });

  it("removes an empty category after asking", async () => {
    const api = apiDouble().on("POST", "/api/categories/remove", () => ok({ message: "Category removed" }));
    const view = render("en", api);
    await view.user.click(
      screen.getByRole("button", { name: text("en", "items.category.removeOf", { name: "Books" }) }),
    );
    const dialog = await screen.findByRole("dialog", {
      name: text("en", "items.category.removeTitle", { name: "Books" }),
    });
    await view.user.click(within(dialog).getByRole("button", { name: text("en", "items.category.removeConfirm") }));
    await waitFor(() => expect(screen.queryByRole("dialog")).toBeNull());
    expect(api.callsTo("/api/categories/remove")[0]?.body).toEqual({ slug: "books" });
  });

  it("offers no change to who may not change settings", () => {
    render("en", apiDouble(), false);
    expect(screen.queryByRole("button", { name: text("en", "items.category.add") })).toBeNull();
    expect(screen.queryByRole("button", { name: text("en", "items.category.removeOf", { name: "Books" }) })).toBeNull();
    expect(screen.getByText(text("en", "items.category.readOnly"))).toBeDefined();
  });
});
