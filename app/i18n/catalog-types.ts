/** A translation of an English namespace: the same keys, any strings. */
export type CatalogOf<T> = { readonly [K in keyof T]: string };
