// @vitest-environment jsdom
/**
 * The account forms: registration, the password change and the profile. Their rules (required fields, lengths,
 * the confirmation), the server's field errors on the right field, and how a field's label, hint and error are
 * wired for screen readers.
 */
import { screen, waitFor } from "@testing-library/react";
import { describe, expect, it, vi } from "vitest";
import { PasswordForm } from "~/auth/ui/password-form";
import { ProfileForm } from "~/auth/ui/profile-form";
import { RegisterForm } from "~/auth/ui/register-form";
import { apiDouble, ok, refused } from "./api-double";
import { renderPage, text, toastTexts } from "./render";

/** The elements `control`'s aria-describedby names; fails when it names one that is not in the document. */
function describedBy(control: HTMLElement): HTMLElement[] {
  const ids = (control.getAttribute("aria-describedby") ?? "").split(/\s+/).filter(Boolean);
  return ids.map((id) => {
    const element = document.getElementById(id);
    if (!element) throw new Error(`aria-describedby names "${id}", which is not in the document`);
    return element;
  });
}

const key = (n: number) => n.toString(16).padStart(64, "0");

describe("registration form", () => {
  it("asks for every field of a new account, labelled from the catalog", () => {
    renderPage(<RegisterForm onDone={() => {}} />, { path: "/register" });
    for (const field of [
      "auth.field.firstName",
      "auth.field.lastName",
      "auth.field.about",
      "auth.field.userName",
      "auth.field.password",
      "auth.field.confirmPassword",
    ] as const) {
      expect(screen.getByLabelText(text("fa", field))).toBeDefined();
    }
    expect(screen.getByRole("button", { name: text("fa", "auth.register.submit") })).toBeDefined();
  });

  it("checks lengths as the shared schema does, in Persian with Persian digits", async () => {
    const view = renderPage(<RegisterForm onDone={() => {}} />, { path: "/register" });
    const firstName = screen.getByLabelText(text("fa", "auth.field.firstName"));
    await view.user.type(firstName, "ع");
    await view.user.tab();
    expect(screen.getByText(text("fa", "validation.min2"))).toBeDefined();
    await view.user.clear(firstName);
    await view.user.click(firstName);
    await view.user.paste("ن".repeat(51));
    await view.user.tab();
    const tooLong = text("fa", "validation.tooLong", { max: 50 });
    expect(tooLong).toContain("۵۰");
    expect(screen.getByText(tooLong)).toBeDefined();
    expect(firstName.getAttribute("aria-invalid")).toBe("true");
  });

  it("refuses a user name with other characters than Latin letters, digits, dots, dashes and underscores", async () => {
    const view = renderPage(<RegisterForm onDone={() => {}} />, { locale: "en", path: "/register" });
    const userName = screen.getByLabelText(text("en", "auth.field.userName"));
    await view.user.type(userName, "sara khan");
    await view.user.click(screen.getByRole("button", { name: text("en", "auth.register.submit") }));
    expect(describedBy(userName).map((element) => element.textContent)).toEqual([
      text("en", "validation.userNameChars"),
    ]);
    // Submitting checks every field: the first one in the form takes the focus.
    expect(document.activeElement).toBe(screen.getByLabelText(text("en", "auth.field.firstName")));
    expect(view.api.calls).toHaveLength(0);
  });

  it("refuses a confirmation that does not match the password, on the confirmation", async () => {
    const view = renderPage(<RegisterForm onDone={() => {}} />, { locale: "en", path: "/register" });
    await view.user.type(screen.getByLabelText(text("en", "auth.field.firstName")), "Sara");
    await view.user.type(screen.getByLabelText(text("en", "auth.field.lastName")), "Karimi");
    await view.user.type(screen.getByLabelText(text("en", "auth.field.about")), "Writes about git.");
    await view.user.type(screen.getByLabelText(text("en", "auth.field.userName")), "sara");
    await view.user.type(screen.getByLabelText(text("en", "auth.field.password")), "secret1");
    await view.user.type(screen.getByLabelText(text("en", "auth.field.confirmPassword")), "secret2{Enter}");
    const confirm = screen.getByLabelText(text("en", "auth.field.confirmPassword"));
    expect(confirm.getAttribute("aria-invalid")).toBe("true");
    expect(describedBy(confirm).map((element) => element.textContent)).toEqual([
      text("en", "validation.passwordsMismatch"),
    ]);
    expect(screen.getByLabelText(text("en", "auth.field.password")).getAttribute("aria-invalid")).toBeNull();
    expect(view.api.calls).toHaveLength(0);
  });

  it("shows the hint of the user name while it has no error", () => {
    renderPage(<RegisterForm onDone={() => {}} />, { locale: "en", path: "/register" });
    const userName = screen.getByLabelText(text("en", "auth.field.userName"));
    expect(userName.getAttribute("aria-invalid")).toBeNull();
    expect(describedBy(userName).map((element) => element.textContent)).toEqual([
      text("en", "auth.field.userNameHint"),
    ]);
  });

  it("describes a field showing an error with elements that exist, the error among them", async () => {
    const view = renderPage(<RegisterForm onDone={() => {}} />, { locale: "en", path: "/register" });
    const userName = screen.getByLabelText(text("en", "auth.field.userName"));
    await view.user.type(userName, "ab");
    await view.user.tab();
    expect(userName.getAttribute("aria-invalid")).toBe("true");
    expect(describedBy(userName).map((element) => element.textContent)).toContain(text("en", "validation.min3"));
  });

  it("puts the server's issue on its field and sends no confirmation", async () => {
    const taken = "This user name is taken";
    const api = apiDouble().on("POST", "/api/auth/register", () =>
      refused(409, taken, [{ path: "userName", message: taken }]),
    );
    const onDone = vi.fn();
    const view = renderPage(<RegisterForm onDone={onDone} />, { locale: "en", path: "/register", api });
    await view.user.type(screen.getByLabelText(text("en", "auth.field.firstName")), "Sara");
    await view.user.type(screen.getByLabelText(text("en", "auth.field.lastName")), "Karimi");
    await view.user.type(screen.getByLabelText(text("en", "auth.field.about")), "Writes about git.");
    await view.user.type(screen.getByLabelText(text("en", "auth.field.userName")), "sara");
    await view.user.type(screen.getByLabelText(text("en", "auth.field.password")), "secret1");
    await view.user.type(screen.getByLabelText(text("en", "auth.field.confirmPassword")), "secret1{Enter}");
    const userName = screen.getByLabelText(text("en", "auth.field.userName"));
    await waitFor(() => expect(userName.getAttribute("aria-invalid")).toBe("true"));
    expect(describedBy(userName).map((element) => element.textContent)).toContain(taken);
    // On its field, not in the form's alert; the others stay valid.
    expect(screen.queryByRole("alert")).toBeNull();
    expect(screen.getByLabelText(text("en", "auth.field.firstName")).getAttribute("aria-invalid")).toBeNull();
    const sent = api.callsTo("/api/auth/register")[0]?.body as Record<string, unknown>;
    expect(sent).toMatchObject({ firstName: "Sara", userName: "sara", password: "secret1" });
    expect(sent).not.toHaveProperty("confirmPassword");
    expect(onDone).not.toHaveBeenCalled();
  });
});

describe("password form", () => {
  it("empties its fields after a change and says so with the server's message", async () => {
    const api = apiDouble().on("PUT", "/api/auth/change-password", () => ok({ message: "Password changed" }));
    const view = renderPage(<PasswordForm keys={[]} />, { locale: "en", path: "/profile", api });
    const current = screen.getByLabelText(text("en", "auth.field.oldPassword"));
    await view.user.type(current, "old-secret");
    await view.user.type(screen.getByLabelText(text("en", "auth.field.newPassword")), "new-secret");
    await view.user.type(screen.getByLabelText(text("en", "auth.field.confirmPassword")), "new-secret");
    await view.user.click(screen.getByRole("button", { name: text("en", "auth.password.submit") }));
    await waitFor(() => expect(toastTexts("en")).toContain("Password changed"));
    expect(current).toHaveProperty("value", "");
    expect(api.callsTo("/api/auth/change-password")[0]?.body).toEqual({
      oldPassword: "old-secret",
      newPassword: "new-secret",
      keep: [],
    });
  });

  it("refuses a new password under six characters", async () => {
    const view = renderPage(<PasswordForm keys={[]} />, { path: "/profile" });
    await view.user.type(screen.getByLabelText(text("fa", "auth.field.oldPassword")), "old-secret");
    await view.user.type(screen.getByLabelText(text("fa", "auth.field.newPassword")), "short");
    await view.user.type(screen.getByLabelText(text("fa", "auth.field.confirmPassword")), "short{Enter}");
    expect(screen.getByText(text("fa", "validation.passwordMin"))).toBeDefined();
    expect(document.activeElement).toBe(screen.getByLabelText(text("fa", "auth.field.newPassword")));
    expect(view.api.calls).toHaveLength(0);
  });

  it("keeps only the keys ticked, this browser's key ticked first", async () => {
    localStorage.setItem(
      "profile",
      JSON.stringify({ pub: key(1), displayName: "x", deviceName: "Laptop", firstName: "", lastName: "", about: "" }),
    );
    try {
      const keys = [
        {
          kind: "device" as const,
          pub: key(1),
          deviceName: "Laptop",
          userAgent: null,
          createdAt: "",
          lastActivityAt: "",
        },
        {
          kind: "device" as const,
          pub: key(2),
          deviceName: "Phone",
          userAgent: null,
          createdAt: "",
          lastActivityAt: "",
        },
      ];
      const api = apiDouble().on("PUT", "/api/auth/change-password", () => ok({ message: "Password changed" }));
      const view = renderPage(<PasswordForm keys={keys} />, { locale: "en", path: "/profile", api });
      const group = screen.getByRole("group", { name: text("en", "auth.keys.keep") });
      const [laptop, phone] = [...group.querySelectorAll<HTMLInputElement>("input[type=checkbox]")];
      expect(laptop?.checked).toBe(true);
      expect(phone?.checked).toBe(false);
      await view.user.click(screen.getByLabelText(/Phone/));
      await view.user.type(screen.getByLabelText(text("en", "auth.field.oldPassword")), "old-secret");
      await view.user.type(screen.getByLabelText(text("en", "auth.field.newPassword")), "new-secret");
      await view.user.type(screen.getByLabelText(text("en", "auth.field.confirmPassword")), "new-secret{Enter}");
      await waitFor(() => expect(api.callsTo("/api/auth/change-password")).toHaveLength(1));
      expect(api.callsTo("/api/auth/change-password")[0]?.body).toMatchObject({ keep: [key(1), key(2)] });
    } finally {
      localStorage.clear();
    }
  });
});

describe("profile form", () => {
  const initial = { firstName: "سارا", lastName: "کریمی", about: "درباره‌ی من" };

  it("starts from the stored values, written in their own direction", () => {
    renderPage(<ProfileForm initial={initial} />, { path: "/profile" });
    const firstName = screen.getByLabelText(text("fa", "auth.field.firstName"));
    expect(firstName).toHaveProperty("value", "سارا");
    expect(firstName.getAttribute("dir")).toBe("auto");
    expect(screen.getByLabelText(text("fa", "auth.field.about"))).toHaveProperty("value", "درباره‌ی من");
  });

  it("saves with PUT, shows the server's message as a toast and loads the page's data again", async () => {
    const api = apiDouble().on("PUT", "/api/users/update-profile", () => ok({ message: "نمایه ذخیره شد" }));
    const loader = vi.fn(() => ({}));
    const view = renderPage(<ProfileForm initial={initial} />, { path: "/profile", api, loader });
    const lastName = screen.getByLabelText(text("fa", "auth.field.lastName"));
    await view.user.clear(lastName);
    await view.user.type(lastName, "رضایی");
    await view.user.click(screen.getByRole("button", { name: text("fa", "auth.profile.save") }));
    await waitFor(() => expect(toastTexts("fa")).toContain("نمایه ذخیره شد"));
    expect(loader).toHaveBeenCalled();
    expect(api.callsTo("/api/users/update-profile")[0]).toMatchObject({
      method: "PUT",
      body: { firstName: "سارا", lastName: "رضایی", about: "درباره‌ی من" },
    });
  });

  it("keeps an emptied required field from being sent, and says why on that field", async () => {
    const view = renderPage(<ProfileForm initial={initial} />, { locale: "en", path: "/profile" });
    const about = screen.getByLabelText(text("en", "auth.field.about"));
    await view.user.clear(about);
    await view.user.click(screen.getByRole("button", { name: text("en", "auth.profile.save") }));
    expect(about.getAttribute("aria-invalid")).toBe("true");
    expect(describedBy(about).map((element) => element.textContent)).toEqual([text("en", "validation.required")]);
    expect(document.activeElement).toBe(about);
    expect(view.api.calls).toHaveLength(0);
  });

  it("shows a server refusal of one field on that field only", async () => {
    const message = text("en", "validation.min3");
    const api = apiDouble().on("PUT", "/api/users/update-profile", () =>
      refused(400, message, [{ path: "lastName", message }]),
    );
    const view = renderPage(<ProfileForm initial={initial} />, { locale: "en", path: "/profile", api });
    await view.user.click(screen.getByRole("button", { name: text("en", "auth.profile.save") }));
    const lastName = screen.getByLabelText(text("en", "auth.field.lastName"));
    await waitFor(() => expect(lastName.getAttribute("aria-invalid")).toBe("true"));
    expect(describedBy(lastName).map((element) => element.textContent)).toEqual([message]);
    expect(screen.getByLabelText(text("en", "auth.field.firstName")).getAttribute("aria-invalid")).toBeNull();
    expect(toastTexts("en")).toEqual([]);
  });
});
