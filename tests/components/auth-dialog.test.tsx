// @vitest-environment jsdom
/**
 * The sign-in dialog the avatar menu opens: its texts and providers come from the login page's loader through a
 * fetcher; it switches between logging in and registering, closes with Escape, and signs in with a password or
 * with a Nostr extension (NIP-07; a double of the extension, as one cannot be installed here, signing with a real
 * key).
 */
import { screen, waitFor, within } from "@testing-library/react";
import { finalizeEvent, generateSecretKey, type EventTemplate } from "nostr-tools/pure";
import { useState } from "react";
import type { LoaderFunctionArgs } from "react-router";
import { afterEach, describe, expect, it, vi } from "vitest";
import AuthDialog from "~/auth/ui/auth-dialog";
import type { AuthMode } from "~/auth/ui/auth-panel";
import type { Locale } from "~/i18n/locales";
import { apiDouble, ok, refused, type ApiDouble } from "./api-double";
import { messagesOf, renderPage, text, toastTexts } from "./render";

function Opener() {
  const [mode, setMode] = useState<AuthMode>("login");
  const [open, setOpen] = useState(true);
  return open ? <AuthDialog mode={mode} onModeChange={setMode} onClose={() => setOpen(false)} /> : <p>closed</p>;
}

function render(locale: Locale, api: ApiDouble = apiDouble(), pageLoader = vi.fn(() => ({}))) {
  const loginPage = vi.fn((_args: LoaderFunctionArgs) => ({
    messages: messagesOf(locale, ["auth", "validation"]),
    providers: [],
  }));
  // The page has the root's catalog only ("common"): the dialog's texts must come from the login page's data.
  const view = renderPage(<Opener />, {
    locale,
    path: "/tags",
    namespaces: ["common"],
    api,
    loader: pageLoader,
    routes: [{ path: locale === "fa" ? "/login" : "/en/login", loader: loginPage }],
  });
  return { ...view, loginPage };
}

afterEach(() => {
  delete (globalThis as { nostr?: unknown }).nostr;
});

describe("sign-in dialog", () => {
  it("fetches the login page's data in the page's language and titles itself from its catalog", async () => {
    const view = render("fa");
    const dialog = await screen.findByRole("dialog", { name: text("fa", "auth.login.title") });
    expect(new URL(view.loginPage.mock.calls[0]![0].request.url).pathname).toBe("/login");
    expect(within(dialog).getByLabelText(text("fa", "auth.field.userName"))).toBeDefined();
    expect(within(dialog).getByText(text("fa", "auth.login.description"))).toBeDefined();
  });

  it("switches to registration and back", async () => {
    const view = render("en");
    const login = await screen.findByRole("dialog", { name: text("en", "auth.login.title") });
    await view.user.click(within(login).getByRole("button", { name: text("en", "auth.login.toRegister") }));
    const register = await screen.findByRole("dialog", { name: text("en", "auth.register.title") });
    expect(within(register).getByLabelText(text("en", "auth.field.confirmPassword"))).toBeDefined();
    await view.user.click(within(register).getByRole("button", { name: text("en", "auth.register.toLogin") }));
    await screen.findByRole("dialog", { name: text("en", "auth.login.title") });
  });

  it("closes with Escape", async () => {
    const view = render("en");
    await screen.findByRole("dialog", { name: text("en", "auth.login.title") });
    await view.user.keyboard("{Escape}");
    await screen.findByText("closed");
    expect(screen.queryByRole("dialog")).toBeNull();
  });

  it("after a login: the server's message as a toast, the dialog closed, the page's data loaded again", async () => {
    const api = apiDouble().on("POST", "/api/auth/login", () => ok({ message: "خوش آمدید" }));
    const pageLoader = vi.fn(() => ({}));
    const view = render("fa", api, pageLoader);
    const dialog = await screen.findByRole("dialog", { name: text("fa", "auth.login.title") });
    await view.user.type(within(dialog).getByLabelText(text("fa", "auth.field.userName")), "sara");
    await view.user.type(within(dialog).getByLabelText(text("fa", "auth.field.password")), "secret1{Enter}");
    await screen.findByText("closed");
    await waitFor(() => expect(toastTexts("fa")).toContain("خوش آمدید"));
    expect(pageLoader).toHaveBeenCalled();
  });

  it("signs in with a Nostr extension: the server's challenge signed by the extension, then sent", async () => {
    const secret = generateSecretKey();
    const signEvent = vi.fn(async (template: EventTemplate) => finalizeEvent(template, secret));
    (globalThis as { nostr?: unknown }).nostr = { getPublicKey: async () => "", signEvent };
    const api = apiDouble()
      .on("GET", "/api/auth/nostr/challenge", () => ok({ challenge: "c-123" }))
      .on("POST", "/api/auth/nostr/login", () => ok({ message: "Signed in" }));
    const view = render("en", api);
    const dialog = await screen.findByRole("dialog", { name: text("en", "auth.login.title") });
    await view.user.click(within(dialog).getByRole("button", { name: text("en", "auth.nostr.button") }));
    await screen.findByText("closed");
    expect(signEvent.mock.calls[0]![0].tags).toContainEqual(["challenge", "c-123"]);
    const sent = api.callsTo("/api/auth/nostr/login")[0]?.body as { event: { sig: string; kind: number } };
    expect(sent.event.kind).toBe(22242);
    expect(sent.event.sig).toMatch(/^[0-9a-f]{128}$/);
  });

  it("says so when the extension refuses to sign, and sends nothing", async () => {
    (globalThis as { nostr?: unknown }).nostr = {
      getPublicKey: async () => "",
      signEvent: async () => Promise.reject(new Error("User rejected")),
    };
    const api = apiDouble().on("GET", "/api/auth/nostr/challenge", () => ok({ challenge: "c-123" }));
    const view = render("fa", api);
    const dialog = await screen.findByRole("dialog", { name: text("fa", "auth.login.title") });
    await view.user.click(within(dialog).getByRole("button", { name: text("fa", "auth.nostr.button") }));
    expect((await within(dialog).findByRole("alert")).textContent).toBe(text("fa", "auth.nostr.refused"));
    expect(api.callsTo("/api/auth/nostr/login")).toHaveLength(0);
  });

  it("shows the server's refusal of the signed challenge", async () => {
    (globalThis as { nostr?: unknown }).nostr = {
      getPublicKey: async () => "",
      signEvent: async (template: EventTemplate) => finalizeEvent(template, generateSecretKey()),
    };
    const api = apiDouble()
      .on("GET", "/api/auth/nostr/challenge", () => ok({ challenge: "c-123" }))
      .on("POST", "/api/auth/nostr/login", () => refused(401, "No account has this key"));
    const view = render("en", api);
    const dialog = await screen.findByRole("dialog", { name: text("en", "auth.login.title") });
    await view.user.click(within(dialog).getByRole("button", { name: text("en", "auth.nostr.button") }));
    expect((await within(dialog).findByRole("alert")).textContent).toBe("No account has this key");
    expect(screen.getByRole("dialog")).toBeDefined();
  });
});
