/**
 * The layers of app/, read by the `daftar/layers` ESLint rule and by scripts/folder-graph.ts, and stated in
 * docs/conventions.md ("Where things go"). A name is a folder of app/ or a file at its top without its extension.
 *
 * - The base imports only the base.
 * - A domain imports the base and the domains it composes with: each composition is named here, with what it
 *   means; any other import between domains is an error.
 * - The edge (route modules, the request-to-call helpers, the root and entry modules) imports anything below it;
 *   nothing below imports the edge.
 */
export const appLayers = {
  root: "app",
  base: ["config.server", "request-context", "db", "i18n", "lib", "ui", "cluster", "keys"],
  domains: {
    mail: {},
    auth: {
      mail: "a new address and a forgotten password are confirmed by a link sent by e-mail",
    },
    settings: {
      auth: "the settings' history names who made each change",
    },
    newsletter: {
      mail: "the newsletter's messages go through the outbox, with unsubscribe links",
      settings: "the newsletter's messages are signed with the site's name",
    },
    media: {
      settings: "the site's icons are pictures the settings name",
    },
    shell: {
      auth: "the site's frame shows who is signed in",
      settings: "the site's frame shows the site's name, theme and menus",
      newsletter: "the site's frame offers the newsletter's form",
    },
    nostr: {
      auth: "a key signs in to an account, and members are found by their keys",
      settings: "the relay and the names document follow the site's settings",
      mail: "a member hears by e-mail that a message is waiting in their inbox",
    },
    comments: {
      auth: "a comment is written by a member or a visitor, within an address's budget",
      settings: "comments follow the site's settings (open, moderated)",
      nostr: "an approved comment is a signed event the relay serves",
      mail: "moderators and commenters are told of comments by e-mail",
    },
    content: {
      auth: "categories are managed by roles",
      comments: "an article shows its comments",
      media: "a page shows its pictures",
      settings: "pages follow the site's settings (name, home, categories)",
      shell: "a page is drawn in the site's frame",
    },
    builds: {
      auth: "a commit names its author",
      content: "a build publishes pages",
      media: "a build publishes its media, and an upload is a commit",
      newsletter: "a build's new posts are sent to the newsletter's subscribers",
      settings: "a build pushes to the git host the settings name",
    },
    editor: {
      auth: "the editor opens for who may write",
      builds: "the editor writes into the open build",
      content: "the editor previews a page as the site renders it",
      media: "the editor uploads pictures",
      settings: "the editor follows the site's settings",
    },
    manage: {
      auth: "the dashboard manages members and roles",
      builds: "the dashboard lists builds and items waiting",
      content: "the dashboard lists pages and categories",
    },
    install: {
      auth: "the installer makes the first administrator",
      content: "the installer writes the default pages",
      settings: "the installer writes the first settings",
      shell: "the installer is drawn in the site's frame",
    },
    traffic: {
      content: "the visit log counts the site's public pages",
      settings: "the visit log follows the site's settings",
    },
    import: {
      auth: "an imported author is an existing member when the name or address matches",
      builds: "an import is one build",
      comments: "an export's comments come with their threads and states",
      content: "an export's posts and pages become the site's pages and categories",
      editor: "an export's content is written in markdown as the editor writes it",
      media: "an export's images become the site's media",
      settings: "an import follows the site's settings (languages, categories)",
    },
  },
  edge: ["routes", "edge", "root", "entry.client", "entry.server"],
  /** Single imports allowed against the layers for now, each with the reason it goes. */
  exceptions: [],
};
