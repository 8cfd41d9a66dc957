/**
 * The icons the interface uses, by their Lucide names. `npm run icons` draws them into one SVG sprite
 * (app/ui/icons.svg) that the browser fetches once and caches, so an icon costs no JavaScript. Add a name here,
 * run the script, and use `<Icon name="…" />`.
 */
export const iconNames = [
  "check",
  "chevron-left",
  "chevron-right",
  "circle-alert",
  "circle-check",
  "circle-dashed",
  "external-link",
  "eye",
  "eye-off",
  "globe",
  "info",
  "key-round",
  "languages",
  "layout-dashboard",
  "loader-circle",
  "log-in",
  "log-out",
  "menu",
  "message-square",
  "message-square-reply",
  "monitor",
  "moon",
  "party-popper",
  "search",
  "shield-plus",
  "shield-x",
  "shuffle",
  "sun",
  "triangle-alert",
  "user-plus",
  "user-round",
  "x",
] as const;

export type IconName = (typeof iconNames)[number];
