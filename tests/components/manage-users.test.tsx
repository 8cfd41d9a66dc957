// @vitest-environment jsdom
/**
 * The dashboard's users screen as its route module renders it from its loader's data: the question asked before
 * disabling an account (a confirmation dialog reached from the account's menu), the dialog that adds a role, and
 * the list's filters.
 */
import { screen, waitFor, within } from "@testing-library/react";
import { describe, expect, it, vi } from "vitest";
import { permissionNames, type Permission } from "~/auth/permissions";
import ManageUsers from "~/routes/manage/users";
import { apiDouble, heldAnswer, ok, refused, type ApiDouble } from "./api-double";
import { renderPage, text, toastTexts } from "./render";
import type { Locale } from "~/i18n/locales";

const user = (id: number, displayName: string, userName: string, roles: { id: number; name: string }[]) => ({
  id,
  userName,
  displayName,
  firstName: displayName,
  lastName: "",
  about: "",
  avatar: null,
  email: null,
  createdAt: "2026-01-01T00:00:00.000Z",
  lastSignInAt: null,
  disabled: false,
  roles,
});

/**
 * What the users screen's loader gives an administrator who may give every permission but `without`, for the
 * list's address `search` (its filters as the page's query schema reads them).
 */
function usersScreen(without: Permission[] = [], search = new URLSearchParams()) {
  const held = permissionNames.filter((permission) => !without.includes(permission));
  return {
    page: {
      users: [
        user(1, "Admin", "admin", [{ id: 1, name: "Admin" }]),
        user(2, "Sara", "sara", [{ id: 2, name: "Member" }]),
      ],
      total: 2,
      page: 1,
      pageSize: 20,
    },
    query: {
      q: search.get("q") ?? "",
      status: search.get("status") ?? undefined,
      role: search.has("role") ? Number(search.get("role")) : undefined,
      sort: search.get("sort") ?? "joined-asc",
      page: 1,
    },
    roles: [
      { id: 1, name: "Admin", description: "", builtIn: true, permissions: [...permissionNames], userCount: 1 },
      { id: 2, name: "Member", description: "", builtIn: true, permissions: ["comments.create"], userCount: 1 },
    ],
    permissions: [...permissionNames],
    held,
    selfId: 1,
    canManage: true,
  };
}

function render(
  locale: Locale,
  api: ApiDouble = apiDouble(),
  loader = vi.fn(({ request }: { request: Request }) => usersScreen([], new URL(request.url).searchParams)),
) {
  return renderPage(ManageUsers, { locale, path: "/manage/users", data: usersScreen(), loader, api });
}

async function openDisableDialog(view: ReturnType<typeof render>, locale: Locale) {
  await view.user.click(screen.getByRole("button", { name: text(locale, "manage.users.actionsOf", { name: "Sara" }) }));
  await view.user.click(await screen.findByRole("menuitem", { name: text(locale, "manage.users.disable") }));
  return screen.findByRole("dialog", { name: text(locale, "manage.disable.title", { name: "Sara" }) });
}

describe("disabling an account", () => {
  it("asks first, in Persian, with what will happen and the two choices", async () => {
    const view = render("fa");
    const dialog = await openDisableDialog(view, "fa");
    expect(within(dialog).getByText(text("fa", "manage.disable.description"))).toBeDefined();
    expect(within(dialog).getByRole("button", { name: text("fa", "manage.form.cancel") })).toBeDefined();
    expect(within(dialog).getByRole("button", { name: text("fa", "manage.disable.confirm") })).toBeDefined();
    expect(view.api.calls).toHaveLength(0);
  });

  it("closes with Escape and changes nothing", async () => {
    const view = render("en");
    await openDisableDialog(view, "en");
    await view.user.keyboard("{Escape}");
    await waitFor(() => expect(screen.queryByRole("dialog")).toBeNull());
    expect(view.api.calls).toHaveLength(0);
  });

  it("closes with Cancel and changes nothing", async () => {
    const view = render("en");
    const dialog = await openDisableDialog(view, "en");
    await view.user.click(within(dialog).getByRole("button", { name: text("en", "manage.form.cancel") }));
    await waitFor(() => expect(screen.queryByRole("dialog")).toBeNull());
    expect(view.api.calls).toHaveLength(0);
  });

  it("disables the account on confirmation: the call, the server's message, the list loaded again, the dialog closed", async () => {
    const api = apiDouble().on("POST", "/api/users/disable", () => ok({ message: "Sara is disabled" }));
    const loader = vi.fn(() => usersScreen());
    const view = render("en", api, loader);
    const dialog = await openDisableDialog(view, "en");
    await view.user.click(within(dialog).getByRole("button", { name: text("en", "manage.disable.confirm") }));
    await waitFor(() => expect(screen.queryByRole("dialog")).toBeNull());
    expect(api.callsTo("/api/users/disable")[0]?.body).toEqual({ userId: 2 });
    await waitFor(() => expect(toastTexts("en")).toContain("Sara is disabled"));
    expect(loader).toHaveBeenCalled();
  });

  it("keeps the dialog open and says why when the server refuses", async () => {
    const api = apiDouble().on("POST", "/api/users/disable", () => refused(403, "You may not change this account"));
    const view = render("en", api);
    const dialog = await openDisableDialog(view, "en");
    await view.user.click(within(dialog).getByRole("button", { name: text("en", "manage.disable.confirm") }));
    await waitFor(() => expect(toastTexts("en").join()).toContain("You may not change this account"));
    expect(screen.getByRole("dialog", { name: text("en", "manage.disable.title", { name: "Sara" }) })).toBeDefined();
  });

  it("cannot be closed or confirmed twice while the call runs", async () => {
    const held = heldAnswer();
    const api = apiDouble().on("POST", "/api/users/disable", () => held.answer);
    const view = render("en", api);
    const dialog = await openDisableDialog(view, "en");
    const confirm = within(dialog).getByRole("button", { name: text("en", "manage.disable.confirm") });
    await view.user.click(confirm);
    await waitFor(() =>
      expect(within(dialog).getByRole("button", { name: text("en", "manage.form.cancel") })).toHaveProperty(
        "disabled",
        true,
      ),
    );
    await view.user.keyboard("{Escape}");
    await view.user.click(confirm);
    expect(screen.getByRole("dialog")).toBeDefined();
    held.release(ok({ message: "done" }));
    await waitFor(() => expect(screen.queryByRole("dialog")).toBeNull());
    expect(api.callsTo("/api/users/disable")).toHaveLength(1);
  });
});

describe("adding a role", () => {
  async function openAddRole(view: ReturnType<typeof render>, locale: Locale) {
    await view.user.click(screen.getByRole("button", { name: text(locale, "manage.roles.add") }));
    return screen.findByRole("dialog", { name: text(locale, "manage.addRole.title") });
  }

  it("refuses an empty role: a name, a description and a permission are needed", async () => {
    const view = render("en");
    const dialog = await openAddRole(view, "en");
    await view.user.click(within(dialog).getByRole("button", { name: text("en", "manage.addRole.submit") }));
    const name = within(dialog).getByLabelText(text("en", "manage.roles.name"));
    expect(name.getAttribute("aria-invalid")).toBe("true");
    expect(within(dialog).getAllByText(text("en", "validation.required"))).toHaveLength(2);
    const permissions = within(dialog).getByRole("group", { name: text("en", "manage.roles.permissions") });
    expect(document.getElementById(permissions.getAttribute("aria-describedby") ?? "")?.textContent).toBe(
      text("en", "validation.permissionRequired"),
    );
    expect(document.activeElement).toBe(name);
    expect(view.api.calls).toHaveLength(0);
  });

  it("offers only the permissions the administrator holds", async () => {
    const view = renderPage(ManageUsers, {
      locale: "en",
      path: "/manage/users",
      data: usersScreen(["builds.push"]),
    });
    const dialog = await openAddRole(view, "en");
    const push = within(dialog).getByRole("checkbox", {
      name: new RegExp(text("en", "manage.permissionName.builds.push")),
    });
    const read = within(dialog).getByRole("checkbox", {
      name: new RegExp(text("en", "manage.permissionName.builds.read")),
    });
    expect(push).toHaveProperty("disabled", true);
    expect(read).toHaveProperty("disabled", false);
  });

  it("sends the role and closes on success", async () => {
    const api = apiDouble().on("POST", "/api/roles/new", () => ok({ message: "Role added" }, 201));
    const view = render("fa", api);
    const dialog = await openAddRole(view, "fa");
    await view.user.type(within(dialog).getByLabelText(text("fa", "manage.roles.name")), "ویراستار");
    await view.user.type(
      within(dialog).getByLabelText(text("fa", "manage.roles.description")),
      "نوشته‌ها را ویرایش می‌کند",
    );
    await view.user.click(
      within(dialog).getByRole("checkbox", { name: new RegExp(text("fa", "manage.permissionName.commit.create")) }),
    );
    await view.user.click(within(dialog).getByRole("button", { name: text("fa", "manage.addRole.submit") }));
    await waitFor(() => expect(screen.queryByRole("dialog")).toBeNull());
    expect(api.callsTo("/api/roles/new")[0]?.body).toEqual({
      name: "ویراستار",
      description: "نوشته‌ها را ویرایش می‌کند",
      permissions: ["commit.create"],
    });
    await waitFor(() => expect(toastTexts("fa")).toContain("Role added"));
  });

  it("closes with Escape, sending nothing", async () => {
    const view = render("en");
    const dialog = await openAddRole(view, "en");
    await view.user.type(within(dialog).getByLabelText(text("en", "manage.roles.name")), "Editors");
    await view.user.keyboard("{Escape}");
    await waitFor(() => expect(screen.queryByRole("dialog")).toBeNull());
    expect(view.api.calls).toHaveLength(0);
  });
});

describe("the users list's filters", () => {
  it("searches with Enter, the words in the address", async () => {
    const view = render("en");
    const search = screen.getByRole("searchbox", { name: text("en", "manage.users.search") });
    await view.user.type(search, "  sara  {Enter}");
    await waitFor(() => expect(view.location()).toBe("/en/manage/users?q=sara"));
  });

  it("applies a choice at once, leaving empty choices out of the address, and clears", async () => {
    const view = render("fa");
    await view.user.selectOptions(
      screen.getByRole("combobox", { name: text("fa", "manage.users.filterStatus") }),
      text("fa", "manage.users.status.disabled"),
    );
    await waitFor(() => expect(view.location()).toBe("/manage/users?status=disabled"));
    await view.user.click(await screen.findByRole("link", { name: text("fa", "manage.filters.clear") }));
    await waitFor(() => expect(view.location()).toBe("/manage/users"));
  });
});

describe("adding a user", () => {
  async function openAddUser(view: ReturnType<typeof render>, locale: Locale) {
    await view.user.click(screen.getByRole("button", { name: text(locale, "manage.users.add") }));
    return screen.findByRole("dialog", { name: text(locale, "manage.addUser.title") });
  }

  it("marks About optional, keeps the browser from filling in someone else's fields, and starts with Member", async () => {
    const view = render("en");
    const dialog = await openAddUser(view, "en");
    const about = within(dialog).getByLabelText(
      `${text("en", "auth.field.about")} ${text("en", "auth.field.optional")}`,
    );
    expect(about.tagName).toBe("TEXTAREA");
    expect(within(dialog).getByLabelText(text("en", "auth.field.firstName")).getAttribute("autocomplete")).toBe("off");
    expect(within(dialog).getByLabelText(text("en", "auth.field.userName")).getAttribute("autocomplete")).toBe("off");
    expect(within(dialog).getByRole("checkbox", { name: text("en", "manage.roleName.Member") })).toHaveProperty(
      "checked",
      true,
    );
  });

  it("refuses an account without a role, on the roles' checklist", async () => {
    const view = render("fa");
    const dialog = await openAddUser(view, "fa");
    await view.user.click(within(dialog).getByRole("checkbox", { name: text("fa", "manage.roleName.Member") }));
    const roles = within(dialog).getByRole("group", { name: text("fa", "manage.roles.choose") });
    expect(document.getElementById(roles.getAttribute("aria-describedby") ?? "")?.textContent).toBe(
      text("fa", "validation.roleRequired"),
    );
  });

  it("sends the account with its roles' ids as numbers, no confirmation, and an About left empty", async () => {
    const api = apiDouble().on("POST", "/api/users/new", () => ok({ message: "User added" }, 201));
    const view = render("en", api);
    const dialog = await openAddUser(view, "en");
    await view.user.type(within(dialog).getByLabelText(text("en", "auth.field.firstName")), "Reza");
    await view.user.type(within(dialog).getByLabelText(text("en", "auth.field.lastName")), "Ahmadi");
    await view.user.type(within(dialog).getByLabelText(text("en", "auth.field.userName")), "reza");
    await view.user.type(within(dialog).getByLabelText(text("en", "auth.field.password")), "secret1");
    await view.user.type(within(dialog).getByLabelText(text("en", "auth.field.confirmPassword")), "secret1{Enter}");
    await waitFor(() => expect(screen.queryByRole("dialog")).toBeNull());
    expect(api.callsTo("/api/users/new")[0]?.body).toEqual({
      firstName: "Reza",
      lastName: "Ahmadi",
      about: "",
      userName: "reza",
      password: "secret1",
      roleIds: [2],
    });
  });
});
