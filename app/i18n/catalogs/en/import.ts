/** Moving a site in from WordPress or Ghost: reading its export, and applying it as one build. */
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

  // Applying an export: the plan, the import and its screen
  // The preview's problems
  "plan.renamed": "The address {from} is taken: this item will be at {to}.",
  "plan.noSlug": "This item had no address: it will be at {to}, made from its title.",
  "plan.moreCategories": "Only one category is kept per item: {kept}. Left out: {others}.",
  "plan.deepReplies": "{count} replies to replies are attached to the first comment of their thread.",
  "plan.unwritable": "This item cannot be written as a page: {reason}.",
  "plan.tooComplex": "This item's text is more than the site can render: shorten it before importing.",
  "plan.categoriesNotAdded":
    "Adding categories needs permission to change the settings: {count} of this export's categories ({names}) are not added, and their items go to “{to}”.",
  "plan.categoriesNotAddedNone":
    "Adding categories needs permission to change the settings: {count} of this export's categories ({names}) are not added, and their items have no category.",
  "plan.exists": "Imported before: nothing to do.",
  // The import
  "apply.message": "Import {title}",
  "apply.imageMessage": "Import image {name}",
  "apply.nothingToDo": "Everything in this export was imported before: nothing to do.",
  "apply.done": "Imported: {pages} items, {comments} comments, {images} images.",
  "apply.goesOn": "The import goes on: its progress is shown here, and its report when it is done.",
  // Images that stay links
  "image.missing": "Not in the uploads given",
  "image.refused": "Its path leaves the uploads folder",
  "image.notFetched": "Bringing images in from other sites is off",
  "image.fetchFailed": "It could not be fetched",
  "image.rejected": "It is not an image the site takes",
  // Refusals
  "error.busy": "Another import is running on this site. Wait until it ends, then try again.",
  "error.addressTaken": "The address {path} was taken while importing. Look at the preview again, then import.",
  "error.pageNotWritable": "The item «{title}» cannot be written as a page, so nothing was imported.",
  "error.exportTooLarge": "The export is larger than {max} MB.",
  "error.exportTooHeavy":
    "This export takes more than the server gives one reading: nothing was imported. Import it with the command line (npm run import).",
  "error.unreadableExport": "This file could not be read as an export.",
  "error.uploadGone": "This export is no longer kept. Send it again.",
  "error.uploadFailed": "The export could not be read. Please try again.",
  "error.mediaUploadFailed": "The uploads zip could not be kept. Please try again.",
  "error.mediaZipTooLarge":
    "The uploads zip is larger than {max} GB: nothing was kept. Zip fewer folders, or import with the command line.",
  "error.previewFailed": "The preview could not be made. Please try again.",
  "error.importFailed": "The import failed: nothing was imported. Please try again.",
  "error.progressFailed": "The import's progress could not be read.",
  "error.zipUnreadable": "The media file could not be read as a zip: nothing was imported.",
  "error.zipTooManyEntries":
    "The media zip holds more than {max} files: nothing was imported. Split it, or give the uploads folder.",
  "error.zipTooLarge": "The media zip would unpack to more than {max} GB: nothing was imported.",
  "error.zipEntryTooLarge": "«{name}» in the media zip would unpack to more than {max} MB: nothing was imported.",
  "error.zipBomb":
    "«{name}» in the media zip unpacks to more than {ratio} times its size, which no picture does: nothing was imported.",
  "error.zipBadName": "«{name}» in the media zip has a name that leads outside the uploads: nothing was imported.",
  "error.zipLink": "«{name}» in the media zip is a link, which an import does not follow: nothing was imported.",
  "error.zipEncrypted":
    "«{name}» in the media zip is encrypted: nothing was imported. Zip the uploads again without a password.",
  // The dashboard
  "page.title": "Import a site",
  "page.description":
    "Move a site in from WordPress or Ghost: its posts, pages, categories, tags and comments, as one build you look over before publishing it.",
  "upload.title": "The export",
  "upload.description": "In WordPress: Tools → Export → All content. In Ghost: Settings → Labs → Export your content.",
  "upload.kind": "Exported from",
  "upload.wordpress": "WordPress (.xml)",
  "upload.ghost": "Ghost (.json)",
  "upload.file": "Export file",
  "upload.hint":
    "At most 64 MB. After the preview you may add the old site's uploads as a zip; without it, images stay links to the old site.",
  "upload.submit": "Preview",
  "media.title": "Images",
  "media.file": "Uploads (zip)",
  "media.hint":
    "Optional: WordPress's wp-content/uploads folder (or Ghost's content/images) zipped, at most 1 GB. The images the export uses are taken from it.",
  "media.submit": "Send the zip",
  "media.kept": "Files in the uploads zip: {files}. The export's images will be taken from it.",
  "preview.title": "What comes in from {title}",
  "preview.counts": "Items: {items} (posts: {posts}, pages: {pages}, drafts: {drafts}). Images: {images}.",
  "preview.comments": "Comments: {approved} approved, {pending} waiting, {spam} spam, {trash} in the trash",
  "preview.existing": "{count} items were imported before: nothing to do for them.",
  "preview.categories": "Categories:",
  "preview.categoryNew": "new",
  "preview.categorySite": "the site's",
  "preview.loading": "Making the preview again…",
  "preview.import": "Import",
  "column.title": "Title",
  "column.language": "Language",
  "column.address": "Address",
  "column.category": "Category",
  "column.state": "State",
  "language.fa": "Persian",
  "language.en": "English",
  "state.published": "Published",
  "state.draft": "Draft",
  "state.exists": "Imported before",
  "progress.reading": "Reading the export…",
  "progress.images": "Images: {done} of {total}",
  "progress.writing": "Writing the build: {done} of {total}",
  "report.title": "Imported",
  "report.build": "See the build",
  "report.more": "Drafts among them: {drafts}. New categories: {categories}.",
  "report.imageFailures": "Images that stayed links",
  "report.redirects": "{count} old addresses will lead to their new pages once the build is published.",
  "report.redirectsRefused": "Old addresses that cannot lead to their pages",
  "redirect.source": "not an address this site can answer",
  "redirect.target": "its new address is not one of this site",
  "redirect.loop": "it would lead to itself",
  "redirect.livePage": "a page of this site is at this address",
};
