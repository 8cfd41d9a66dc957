// @vitest-environment jsdom
/** The login form: what it asks, what it refuses before sending, what it sends and how it shows the answer. */
import { screen, waitFor } from "@testing-library/react";
import { describe, expect, it, vi } from "vitest";
import { LoginForm } from "~/auth/ui/login-form";
import { apiDouble, heldAnswer, ok, refused } from "./api-double";
import { renderPage, text } from "./render";

describe("login form", () => {
  it("labels its fields and its button from the Persian catalog, on a right-to-left page", () => {
    renderPage(<LoginForm onDone={() => {}} />, { path: "/login" });
    expect(screen.getByLabelText(text("fa", "auth.field.userName"))).toHaveProperty("name", "userName");
    expect(screen.getByLabelText(text("fa", "auth.field.password"))).toHaveProperty("type", "password");
    expect(screen.getByRole("button", { name: text("fa", "auth.login.submit") })).toBeDefined();
    expect(document.documentElement.dir).toBe("rtl");
    // The user name is Latin whatever the page's language.
    expect(screen.getByLabelText(text("fa", "auth.field.userName")).getAttribute("dir")).toBe("ltr");
  });

  it("reads English from the English catalog, left to right", () => {
    renderPage(<LoginForm onDone={() => {}} />, { locale: "en", path: "/login" });
    expect(screen.getByLabelText(text("en", "auth.field.userName"))).toBeDefined();
    expect(screen.getByRole("button", { name: text("en", "auth.login.submit") })).toBeDefined();
    expect(document.documentElement.dir).toBe("ltr");
    expect(document.documentElement.lang).toBe("en");
  });

  it("refuses an empty submit without calling the server: each field says it is required, the first takes the focus", async () => {
    const view = renderPage(<LoginForm onDone={() => {}} />, { locale: "en", path: "/login" });
    await view.user.click(screen.getByRole("button", { name: text("en", "auth.login.submit") }));
    const userName = screen.getByLabelText(text("en", "auth.field.userName"));
    const password = screen.getByLabelText(text("en", "auth.field.password"));
    expect(userName.getAttribute("aria-invalid")).toBe("true");
    expect(password.getAttribute("aria-invalid")).toBe("true");
    expect(screen.getAllByText(text("en", "validation.required"))).toHaveLength(2);
    expect(document.activeElement).toBe(userName);
    expect(view.api.calls).toHaveLength(0);
  });

  it("is sent with Enter from the password field, in the page's language, and hands the server's message on", async () => {
    const api = apiDouble().on("POST", "/api/auth/login", () => ok({ message: "Welcome back" }));
    const onDone = vi.fn();
    const view = renderPage(<LoginForm onDone={onDone} />, { locale: "en", path: "/login", api });
    await view.user.type(screen.getByLabelText(text("en", "auth.field.userName")), "sara");
    await view.user.type(screen.getByLabelText(text("en", "auth.field.password")), "correct horse{Enter}");
    await waitFor(() => expect(onDone).toHaveBeenCalledWith("Welcome back"));
    const [call] = api.callsTo("/api/auth/login");
    expect(call?.headers.get("X-Locale")).toBe("en");
    expect(call?.body).toMatchObject({ userName: "sara", password: "correct horse" });
  });

  it("takes a user name typed in Persian digits as Latin digits", async () => {
    const api = apiDouble().on("POST", "/api/auth/login", () => ok({ message: "ok" }));
    const view = renderPage(<LoginForm onDone={() => {}} />, { path: "/login", api });
    await view.user.type(screen.getByLabelText(text("fa", "auth.field.userName")), "sara۱۲");
    await view.user.type(screen.getByLabelText(text("fa", "auth.field.password")), "secret1{Enter}");
    await waitFor(() => expect(api.callsTo("/api/auth/login")).toHaveLength(1));
    expect(api.callsTo("/api/auth/login")[0]?.body).toMatchObject({ userName: "sara12" });
  });

  it("shows a refusal no field explains in the form's alert, and keeps what was typed", async () => {
    const api = apiDouble().on("POST", "/api/auth/login", () => refused(401, "Wrong user name or password"));
    const onDone = vi.fn();
    const view = renderPage(<LoginForm onDone={onDone} />, { locale: "en", path: "/login", api });
    await view.user.type(screen.getByLabelText(text("en", "auth.field.userName")), "sara");
    await view.user.type(screen.getByLabelText(text("en", "auth.field.password")), "wrong{Enter}");
    expect((await screen.findByRole("alert")).textContent).toBe("Wrong user name or password");
    expect(screen.getByLabelText(text("en", "auth.field.userName"))).toHaveProperty("value", "sara");
    expect(onDone).not.toHaveBeenCalled();
  });

  it("says the server cannot be reached, in the page's language, when the call fails", async () => {
    const api = apiDouble().on("POST", "/api/auth/login", () => Promise.reject(new TypeError("fetch failed")));
    const view = renderPage(<LoginForm onDone={() => {}} />, { path: "/login", api });
    await view.user.type(screen.getByLabelText(text("fa", "auth.field.userName")), "sara");
    await view.user.type(screen.getByLabelText(text("fa", "auth.field.password")), "secret1{Enter}");
    expect((await screen.findByRole("alert")).textContent).toBe(text("fa", "common.error.network"));
  });

  it("shows its pending label while the call runs and sends one call however often it is submitted", async () => {
    const held = heldAnswer();
    const api = apiDouble().on("POST", "/api/auth/login", () => held.answer);
    const view = renderPage(<LoginForm onDone={() => {}} />, { locale: "en", path: "/login", api });
    await view.user.type(screen.getByLabelText(text("en", "auth.field.userName")), "sara");
    await view.user.type(screen.getByLabelText(text("en", "auth.field.password")), "secret1{Enter}");
    const busy = await screen.findByRole("button", { name: text("en", "auth.login.submitting") });
    await view.user.type(screen.getByLabelText(text("en", "auth.field.password")), "{Enter}");
    await view.user.click(busy);
    held.release(ok({ message: "ok" }));
    await screen.findByRole("button", { name: text("en", "auth.login.submit") });
    expect(api.callsTo("/api/auth/login")).toHaveLength(1);
  });

  it("shows and hides the password with its toggle, which says its state", async () => {
    const view = renderPage(<LoginForm onDone={() => {}} />, { locale: "en", path: "/login" });
    const password = screen.getByLabelText(text("en", "auth.field.password"));
    const show = screen.getByRole("button", { name: text("en", "common.password.show") });
    expect(show.getAttribute("aria-pressed")).toBe("false");
    await view.user.click(show);
    expect(password).toHaveProperty("type", "text");
    const hide = screen.getByRole("button", { name: text("en", "common.password.hide") });
    expect(hide.getAttribute("aria-pressed")).toBe("true");
    await view.user.click(hide);
    expect(password).toHaveProperty("type", "password");
  });
});
