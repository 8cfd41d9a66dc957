/** One link of the header menu (the owner's, made for the page's language by the root loader). */
export interface MenuLink {
  /** With the locale prefix, or an outside address. */
  url: string;
  label: string;
  /** An outside address: a plain link that leaves the site. */
  external: boolean;
}
