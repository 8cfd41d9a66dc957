-- Every indexed word that has a consonant skeleton (app/content/search/skeleton.ts), by skeleton and script: a query
-- word finds the words of the other script written with the same consonants («گیت» → "git", "ketab" → «کتاب»)
-- with one key lookup. Filled as pages are indexed (the index's format changes with it, so every page is indexed
-- again once); like search_terms, it keeps words no page holds any more (they match nothing).
CREATE TABLE `search_skeletons` (
	`skeleton` text NOT NULL,
	`script` text NOT NULL,
	`term` text NOT NULL,
	PRIMARY KEY (`skeleton`, `script`, `term`)
) WITHOUT ROWID;
