/** Moving a site in from WordPress or Ghost: reading its export. */
export default {
  // Reading an export: why a file is refused
  "read.tooLarge": "The export is larger than {max} MB. Export the site in parts (by date or by type) and import each.",
  "read.tooManyItems": "The export holds more than {max} entries. Export the site in parts and import each.",
  "read.badXml": "The file is not a well-formed export: it goes wrong at line {line}, column {column}.",
  "read.doctype":
    "The file declares a document type at line {line}. Exports never do, and such a file could make the reader fetch other files, so it is refused.",
  "read.notWordPress": "This file is not a WordPress export: it does not start with <rss> and <channel> (line {line}).",
  "read.notUtf8": "The file is not UTF-8 text (line {line}). Export it again from WordPress without editing it.",
  "read.tooDeep": "The file nests elements more than {max} deep at line {line}; an export never does.",
  "read.badJson": "The file is not JSON. Choose the file Ghost's export gave you (Settings → Labs → Export).",
  "read.notGhost": "This JSON is not a Ghost export: it has no posts under db[0].data.",

  // Reading an export: what could not be taken as it was
  "warn.contentTooDeep":
    "The content nests HTML more than {max} levels deep; it is kept exactly as written, shown as code, for you to tidy.",
  "warn.scriptDropped": "Scripts and styles in the content were left out.",
  "warn.shortcodeKept": "The shortcode [{name}] has nothing like it here; it is kept as text.",
  "warn.galleryMissing": "A gallery names attachments the export does not hold (ids {ids}).",
  "warn.unknownLanguage": "The language “{code}” is not one of the site's; the language was read from the text.",
  "warn.pingbacksSkipped": "{count} pingbacks and trackbacks were left out.",
  "warn.otherTypesSkipped":
    "{count} entries of other kinds ({types}) were left out; only posts and pages are imported.",
  "warn.membersOnly":
    "On the old site only {visibility} could read this. Here a published page is public: check it before publishing.",
  "warn.renderLimit": "The converted text goes past what the site renders at line {line}; shorten it after the import.",
  "warn.unknownCard": "A “{name}” card has nothing like it here and was left out.",
};
