-- Site search's words (app/content/search/search-index.server.ts): one row per row of search_pages (same rowid).
-- The columns hold words already normalised and split by the app, separated by spaces, so the "ascii" tokenizer
-- only splits them at the spaces (every other character is part of a word; the app has already lower-cased them).
-- `locale` holds one word ("fa", "en") and is weighted 0 in ranking. `prefix='3'` keeps the postings of every
-- 3-character prefix, the shortest prefix a query expands. Contentless: the text is not stored twice.
CREATE VIRTUAL TABLE `search_text` USING fts5(
	`locale`, `title`, `headings`, `meta`, `text`,
	tokenize = 'ascii', prefix = '3', content = '', contentless_delete = 1
);
--> statement-breakpoint
-- Every word ever indexed, by its first letter and its length: a query word's candidate corrections are the words
-- of its first letter within its typo distance in length, read without touching the full-text postings.
CREATE TABLE `search_terms` (
	`head` text NOT NULL,
	`length` integer NOT NULL,
	`term` text NOT NULL,
	PRIMARY KEY (`head`, `length`, `term`)
) WITHOUT ROWID;
