CREATE TABLE `search_pages` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`locale` text NOT NULL,
	`path` text NOT NULL,
	`title` text NOT NULL,
	`description` text DEFAULT '' NOT NULL,
	`page_id` integer NOT NULL,
	`page_updated_at` integer NOT NULL,
	`format` integer NOT NULL
);
--> statement-breakpoint
CREATE UNIQUE INDEX `search_pages_locale_path_unique` ON `search_pages` (`locale`,`path`);--> statement-breakpoint
CREATE TABLE `search_sections` (
	`search_page_id` integer NOT NULL,
	`position` integer NOT NULL,
	`heading` text NOT NULL,
	`anchor` text NOT NULL,
	`text` text NOT NULL,
	PRIMARY KEY(`search_page_id`, `position`),
	FOREIGN KEY (`search_page_id`) REFERENCES `search_pages`(`id`) ON UPDATE no action ON DELETE cascade
);
