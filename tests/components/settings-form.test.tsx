// @vitest-environment jsdom
/**
 * The settings form: numbers in the page's digits, each field's rule and the server's refusals on their fields,
 * a save sending only what changed, a conflict with someone else's save, and the question before leaving with
 * unsaved changes.
 */
import { screen, waitFor, within } from "@testing-library/react";
import { Link } from "react-router";
import { describe, expect, it, vi } from "vitest";
import type { Locale } from "~/i18n/locales";
import { defaultAppConfig } from "~/settings/app-config";
import { fieldValues } from "~/settings/config-fields";
import { SettingsForm, settingsFormValues } from "~/settings/ui/settings-form";
import { apiDouble, ok, refused, type ApiDouble } from "./api-double";
import { renderPage, text, toastTexts } from "./render";

const config = {
  ...defaultAppConfig,
  siteName: { fa: "دفتر", en: "Daftar" },
  title: { fa: "دفتر یادداشت", en: "A notebook" },
  footer: { fa: "", en: "" },
  comments: { ...defaultAppConfig.comments, maxLinks: 2 },
};

function render(
  locale: Locale,
  {
    api = apiDouble(),
    canEdit = true,
    onSaved = () => {},
  }: { api?: ApiDouble; canEdit?: boolean; onSaved?: () => void } = {},
) {
  return renderPage(
    <>
      <Link to={locale === "fa" ? "/manage" : "/en/manage"}>{text(locale, "manage.nav.dashboard")}</Link>
      <SettingsForm
        initial={settingsFormValues(fieldValues(config), locale)}
        version={7}
        canEdit={canEdit}
        onSaved={onSaved}
      />
    </>,
    { locale, path: "/manage/settings", api },
  );
}

/** The texts `control`'s aria-describedby names; fails when it names an element that is not there. */
function descriptions(control: HTMLElement): string[] {
  return (control.getAttribute("aria-describedby") ?? "")
    .split(/\s+/)
    .filter(Boolean)
    .map((id) => {
      const element = document.getElementById(id);
      if (!element) throw new Error(`aria-describedby names "${id}", which is not in the document`);
      return element.textContent ?? "";
    });
}

describe("settings form", () => {
  it("shows numbers in Persian digits on a Persian page, and each language's field in its own direction", () => {
    render("fa");
    expect(screen.getByLabelText(text("fa", "settings.field.commentsMaxLinks"))).toHaveProperty("value", "۲");
    const english = screen.getByLabelText(text("fa", "settings.field.siteNameEn"));
    expect(english.getAttribute("dir")).toBe("ltr");
    expect(english.getAttribute("lang")).toBe("en");
    expect(screen.getByLabelText(text("fa", "settings.field.siteNameFa")).getAttribute("dir")).toBe("rtl");
  });

  it("refuses a number out of range on its field, the error describing it in place of the hint", async () => {
    const view = render("en");
    const maxLinks = screen.getByLabelText(text("en", "settings.field.commentsMaxLinks"));
    expect(descriptions(maxLinks)).toEqual([text("en", "settings.hint.commentsMaxLinks")]);
    await view.user.clear(maxLinks);
    await view.user.type(maxLinks, "21");
    await view.user.tab();
    expect(maxLinks.getAttribute("aria-invalid")).toBe("true");
    expect(descriptions(maxLinks)).toEqual([text("en", "settings.maxLinksRange")]);
    await view.user.click(screen.getByRole("button", { name: text("en", "settings.save") }));
    expect(document.activeElement).toBe(maxLinks);
    expect(view.api.calls).toHaveLength(0);
  });

  it("accepts numbers typed in Persian digits", async () => {
    const api = apiDouble().on("PUT", "/api/settings", () =>
      ok({ message: "ok", version: 8, settings: fieldValues(config) }),
    );
    const view = render("fa", { api });
    const retention = screen.getByLabelText(text("fa", "settings.field.visitLogRetentionDays"));
    await view.user.clear(retention);
    await view.user.type(retention, "۴۵");
    await view.user.click(screen.getByRole("button", { name: text("fa", "settings.save") }));
    await waitFor(() => expect(api.callsTo("/api/settings")).toHaveLength(1));
    expect(api.callsTo("/api/settings")[0]?.body).toEqual({ version: 7, visitLogRetentionDays: 45 });
  });

  it("refuses an emptied site name, which every page's title needs", async () => {
    const view = render("en");
    const siteName = screen.getByLabelText(text("en", "settings.field.siteNameEn"));
    await view.user.clear(siteName);
    await view.user.tab();
    expect(descriptions(siteName)).toEqual([text("en", "validation.required")]);
  });

  it("sends only the fields that changed, with the version the page was loaded at", async () => {
    const saved = vi.fn();
    const api = apiDouble().on("PUT", "/api/settings", () =>
      ok({ message: "Settings saved", version: 8, settings: fieldValues(config) }),
    );
    const view = render("en", { api, onSaved: saved });
    expect(screen.getByText(text("en", "settings.allSaved"))).toBeDefined();
    await view.user.type(screen.getByLabelText(text("en", "settings.field.footerEn")), "Written in Tehran");
    expect(screen.getByText(text("en", "settings.unsaved"))).toBeDefined();
    await view.user.click(screen.getByRole("switch", { name: text("en", "settings.field.commentsAllowLinks") }));
    await view.user.click(screen.getByRole("button", { name: text("en", "settings.save") }));
    await waitFor(() => expect(saved).toHaveBeenCalled());
    expect(api.callsTo("/api/settings")[0]).toMatchObject({
      method: "PUT",
      body: { version: 7, footerEn: "Written in Tehran", commentsAllowLinks: !config.comments.allowLinks },
    });
    expect(Object.keys(api.callsTo("/api/settings")[0]?.body as object)).toHaveLength(3);
    await waitFor(() => expect(toastTexts("en")).toContain("Settings saved"));
  });

  it("marks the fields someone else saved meanwhile, and the next save is based on the version now stored", async () => {
    const api = apiDouble()
      .on("PUT", "/api/settings", () =>
        refused(409, text("en", "settings.conflict"), [
          { path: "titleEn", message: text("en", "settings.changedMeanwhile") },
        ]),
      )
      .on("GET", "/api/settings", () => ok({ version: 9, settings: fieldValues(config) }));
    const view = render("en", { api });
    const title = screen.getByLabelText(text("en", "settings.field.titleEn"));
    await view.user.clear(title);
    await view.user.type(title, "Notes");
    await view.user.click(screen.getByRole("button", { name: text("en", "settings.save") }));
    await waitFor(() => expect(title.getAttribute("aria-invalid")).toBe("true"));
    await waitFor(() => expect(descriptions(title)).toEqual([text("en", "settings.changedMeanwhile")]));
    await waitFor(() => expect(toastTexts("en")).toContain(text("en", "settings.conflict")));
    await waitFor(() => expect(api.callsTo("/api/settings").filter((call) => call.method === "GET")).toHaveLength(1));
    await view.user.click(screen.getByRole("button", { name: text("en", "settings.save") }));
    const saves = () => api.callsTo("/api/settings").filter((call) => call.method === "PUT");
    await waitFor(() => expect(saves()).toHaveLength(2));
    expect(saves()[1]?.body).toEqual({ version: 9, titleEn: "Notes" });
  });

  it("puts a server refusal of a setting on its field", async () => {
    const api = apiDouble().on("PUT", "/api/settings", () =>
      refused(400, text("fa", "settings.retentionRange"), [
        { path: "visitLogRetentionDays", message: text("fa", "settings.retentionRange") },
      ]),
    );
    const view = render("fa", { api });
    await view.user.type(screen.getByLabelText(text("fa", "settings.field.footerFa")), "نوشته در تهران");
    await view.user.click(screen.getByRole("button", { name: text("fa", "settings.save") }));
    const retention = screen.getByLabelText(text("fa", "settings.field.visitLogRetentionDays"));
    await waitFor(() => expect(retention.getAttribute("aria-invalid")).toBe("true"));
    expect(descriptions(retention)).toEqual([text("fa", "settings.retentionRange")]);
    expect(screen.queryByRole("alert")).toBeNull();
  });

  it("asks before leaving with unsaved changes: Escape stays with the changes, the leave button goes", async () => {
    const view = render("en");
    const footer = screen.getByLabelText(text("en", "settings.field.footerEn"));
    await view.user.type(footer, "Draft footer");
    await view.user.click(screen.getByRole("link", { name: text("en", "manage.nav.dashboard") }));
    const dialog = await screen.findByRole("dialog", { name: text("en", "common.leave.title") });
    expect(within(dialog).getByText(text("en", "settings.leaveDescription"))).toBeDefined();
    await view.user.keyboard("{Escape}");
    await waitFor(() => expect(screen.queryByRole("dialog")).toBeNull());
    expect(view.location()).toBe("/en/manage/settings");
    expect(screen.getByLabelText(text("en", "settings.field.footerEn"))).toHaveProperty("value", "Draft footer");
    await view.user.click(screen.getByRole("link", { name: text("en", "manage.nav.dashboard") }));
    const again = await screen.findByRole("dialog", { name: text("en", "common.leave.title") });
    await view.user.click(within(again).getByRole("button", { name: text("en", "common.leave.confirm") }));
    await waitFor(() => expect(view.location()).toBe("/en/manage"));
  });

  it("leaves without asking when nothing changed", async () => {
    const view = render("fa");
    await view.user.click(screen.getByRole("link", { name: text("fa", "manage.nav.dashboard") }));
    await waitFor(() => expect(view.location()).toBe("/manage"));
    expect(screen.queryByRole("dialog")).toBeNull();
  });

  it("is read only for who may not change settings: disabled fields and no save button", () => {
    render("en", { canEdit: false });
    expect(screen.getByLabelText(text("en", "settings.field.siteNameEn"))).toHaveProperty("disabled", true);
    expect(screen.queryByRole("button", { name: text("en", "settings.save") })).toBeNull();
  });
});
