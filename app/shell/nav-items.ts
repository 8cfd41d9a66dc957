import type { MessageKey } from "~/i18n/translate";

/** The main menu: Home, Logs, About, Contact. Paths are locale-neutral; links add the prefix. */
export const mainMenu: { path: string; label: MessageKey }[] = [
  { path: "/", label: "common.nav.home" },
  { path: "/logs", label: "common.nav.logs" },
  { path: "/about", label: "common.nav.about" },
  { path: "/contact", label: "common.nav.contact" },
];
