// @vitest-environment jsdom
/**
 * The dashboard's items screen as its route module renders it: the search and filters (a GET form of the list's
 * own address), and the rows each in their own language.
 */
import { screen, waitFor, within } from "@testing-library/react";
import { describe, expect, it } from "vitest";
import type { Locale } from "~/i18n/locales";
import ManageItems from "~/routes/manage/items";
import { renderPage, text } from "./render";

const item = (locale: Locale, path: string, title: string, translated: boolean) => ({
  id: 1,
  locale,
  path,
  title,
  category: { slug: "notes", name: locale === "fa" ? "یادداشت‌ها" : "Notes" },
  status: "draft" as const,
  date: null,
  updatedAt: "2026-11-01T10:00:00.000Z",
  author: "Sara",
  translated,
  url: null,
  pending: null,
});

/** What the items screen's loader gives for the list's address `search`. */
function itemsScreen(search: URLSearchParams) {
  return {
    page: {
      items: [item("fa", "/notes/git", "یادداشت گیت", false), item("en", "/notes/git", "Git notes", true)],
      created: [],
      total: 2,
      page: 1,
      pageSize: 20,
    },
    query: {
      q: search.get("q") ?? "",
      locale: search.get("locale") ?? undefined,
      category: search.get("category") ?? undefined,
      status: search.get("status") ?? undefined,
      translation: search.get("translation") ?? undefined,
      sort: search.get("sort") ?? "updated-desc",
      page: 1,
      pageSize: 20,
    },
    canEdit: true,
    categories: [{ value: "notes", label: "Notes" }],
  };
}

function render(locale: Locale, path = "/manage/items") {
  return renderPage(ManageItems, {
    locale,
    path,
    data: itemsScreen(new URLSearchParams(path.split("?")[1])),
    loader: ({ request }) => itemsScreen(new URL(request.url).searchParams),
  });
}

describe("items filters", () => {
  it("shows the choices the address holds", () => {
    render("en", "/manage/items?q=git&locale=fa&status=draft");
    expect(screen.getByRole("searchbox", { name: text("en", "items.search") })).toHaveProperty("value", "git");
    expect(screen.getByRole("combobox", { name: text("en", "items.filter.locale") })).toHaveProperty("value", "fa");
    expect(screen.getByRole("combobox", { name: text("en", "items.filter.status") })).toHaveProperty("value", "draft");
    expect(screen.getByRole("combobox", { name: text("en", "items.filter.category") })).toHaveProperty("value", "");
  });

  it("offers each choice under the catalog's names, the first being every item", () => {
    render("fa");
    const status = screen.getByRole("combobox", { name: text("fa", "items.filter.status") });
    expect(
      within(status)
        .getAllByRole("option")
        .map((option) => option.textContent),
    ).toEqual([
      text("fa", "items.filter.statusAll"),
      text("fa", "items.status.published"),
      text("fa", "items.status.draft"),
      text("fa", "items.status.scheduled"),
    ]);
  });

  it("searches on Enter, trimmed, keeping the other choices and starting again at the first page", async () => {
    const view = render("en", "/manage/items?status=draft&page=3");
    await view.user.type(screen.getByRole("searchbox", { name: text("en", "items.search") }), "  git {Enter}");
    await waitFor(() => expect(view.location()).toBe("/en/manage/items?q=git&status=draft"));
  });

  it("keeps Persian words as typed in the address", async () => {
    const view = render("fa");
    await view.user.type(screen.getByRole("searchbox", { name: text("fa", "items.search") }), "یادداشت{Enter}");
    await waitFor(() => expect(view.location()).toBe(`/manage/items?q=${encodeURIComponent("یادداشت")}`));
  });

  it("applies a chosen category at once, and the search button applies what is typed", async () => {
    const view = render("en");
    await view.user.selectOptions(
      screen.getByRole("combobox", { name: text("en", "items.filter.category") }),
      text("en", "items.filter.categoryNone"),
    );
    await waitFor(() => expect(view.location()).toBe("/en/manage/items?category=none"));
    await view.user.type(screen.getByRole("searchbox", { name: text("en", "items.search") }), "git");
    await view.user.click(screen.getByRole("button", { name: text("en", "manage.filters.apply") }));
    await waitFor(() => expect(view.location()).toBe("/en/manage/items?q=git&category=none"));
  });

  it("clears every choice, the search box emptied with them", async () => {
    const view = render("en", "/manage/items?q=git&translation=missing");
    await view.user.click(screen.getByRole("link", { name: text("en", "manage.filters.clear") }));
    await waitFor(() => expect(view.location()).toBe("/en/manage/items"));
    expect(screen.getByRole("searchbox", { name: text("en", "items.search") })).toHaveProperty("value", "");
    expect(screen.getByRole("combobox", { name: text("en", "items.filter.translation") })).toHaveProperty("value", "");
    expect(screen.queryByRole("link", { name: text("en", "manage.filters.clear") })).toBeNull();
  });
});

describe("items rows", () => {
  it("writes each title in its own language and direction, and opens it in the editor", () => {
    render("en");
    const persian = screen.getByRole("link", { name: "یادداشت گیت" });
    expect(persian.getAttribute("href")).toBe("/en/manage/editor/fa/notes/git");
    const title = within(persian).getByText("یادداشت گیت");
    expect(title.getAttribute("lang")).toBe("fa");
    expect(title.getAttribute("dir")).toBe("rtl");
  });

  it("offers to translate an item without its other language, into that language", () => {
    render("fa");
    const translate = screen.getAllByRole("link", { name: text("fa", "items.translate") });
    expect(translate).toHaveLength(1);
    expect(translate[0]?.getAttribute("href")).toBe("/manage/editor/en/notes/git?from=fa");
  });
});
