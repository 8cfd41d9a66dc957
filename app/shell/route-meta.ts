import type { Messages } from "~/i18n/translate";
import { createTranslator, type TFunction } from "~/i18n/translate";
import type { SiteInfo } from "~/settings/app-config";
import type { RootData } from "./root-data";

type MetaMatch = { id: string; loaderData?: unknown } | undefined;

/** The root loader's data, for `meta` functions. */
export function rootData(matches: readonly MetaMatch[]): RootData | undefined {
  return matches.find((m) => m?.id === "root")?.loaderData as RootData | undefined;
}

/** The site info for `meta` functions, which cannot use hooks. */
export function rootSite(matches: readonly MetaMatch[]): SiteInfo | undefined {
  return rootData(matches)?.site;
}

/** A translator for `meta` functions over every namespace the matched loaders sent. */
export function rootT(matches: readonly MetaMatch[]): TFunction {
  const merged: Messages = {};
  for (const match of matches) {
    const messages = (match?.loaderData as { messages?: Messages } | undefined)?.messages;
    if (messages) Object.assign(merged, messages);
  }
  return createTranslator(merged);
}
