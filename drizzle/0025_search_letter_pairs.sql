-- How many words of search's vocabulary (search_terms) hold each pair of adjacent letters, and (rows keyed "latn"
-- and "arab") how many words of each script it holds: the statistics a query typed in the wrong keyboard layout is
-- judged implausible by ("jivhk" writes pairs no English word does). Kept up to date as words enter search_terms
-- (app/content/search/search-index.server.ts); filled here from the words already there.
CREATE TABLE `search_letter_pairs` (
	`pair` text PRIMARY KEY NOT NULL,
	`terms` integer NOT NULL
) WITHOUT ROWID;
--> statement-breakpoint
WITH RECURSIVE `at` (`term`, `i`) AS (
	SELECT `term`, 1 FROM `search_terms` WHERE length(`term`) >= 2
	UNION ALL
	SELECT `term`, `i` + 1 FROM `at` WHERE `i` + 2 <= length(`term`)
)
INSERT INTO `search_letter_pairs` (`pair`, `terms`)
SELECT `pair`, count(*) FROM (SELECT DISTINCT `term`, substr(`term`, `i`, 2) AS `pair` FROM `at`) GROUP BY `pair`;
--> statement-breakpoint
INSERT INTO `search_letter_pairs` (`pair`, `terms`)
SELECT 'latn', count(*) FROM `search_terms` WHERE `term` NOT GLOB '*[^a-z]*'
UNION ALL
SELECT 'arab', count(*) FROM `search_terms` WHERE `term` NOT GLOB '*[^ء-ی]*';
