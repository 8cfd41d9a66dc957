-- Site search's words (app/content/search/search-store.server.ts): one row per row of search_pages (same rowid).
-- The columns hold words already normalised and split by the app, separated by spaces, so the "ascii" tokenizer
-- only splits them at the spaces (every other character is part of a word; the app has already lower-cased them).
-- `locale` holds one word ("fa", "en") and is weighted 0 in ranking. `prefix='3'` keeps the postings of every
-- 3-character prefix, the shortest prefix a query expands. Contentless: the text is not stored twice.
CREATE VIRTUAL TABLE `search_text` USING fts5(
	`locale`, `title`, `headings`, `meta`, `text`,
	tokenize = 'ascii', prefix = '3', content = '', contentless_delete = 1
);
--> statement-breakpoint
-- Every distinct word of search_text: a typo's candidate corrections are read here, a range of it at a time.
CREATE VIRTUAL TABLE `search_words` USING fts5vocab(`search_text`, 'row');
