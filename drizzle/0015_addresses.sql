CREATE TABLE `redirects` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`from_path` text NOT NULL,
	`to_path` text NOT NULL,
	`kind` text NOT NULL,
	`created_by` integer,
	`created_at` integer DEFAULT (unixepoch('subsec') * 1000) NOT NULL,
	`updated_at` integer DEFAULT (unixepoch('subsec') * 1000) NOT NULL,
	FOREIGN KEY (`created_by`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE set null
);
--> statement-breakpoint
CREATE UNIQUE INDEX `redirects_from_unique` ON `redirects` (`from_path`);--> statement-breakpoint
CREATE INDEX `redirects_to_idx` ON `redirects` (`to_path`);--> statement-breakpoint
CREATE TABLE `removed_pages` (
	`address` text PRIMARY KEY NOT NULL,
	`removed_at` integer NOT NULL
);
--> statement-breakpoint
ALTER TABLE `pages` ADD `translation_of` text;--> statement-breakpoint
CREATE INDEX `pages_translation_idx` ON `pages` (`locale`,`translation_of`);--> statement-breakpoint
CREATE INDEX `commits_path_idx` ON `commits` (`path`);