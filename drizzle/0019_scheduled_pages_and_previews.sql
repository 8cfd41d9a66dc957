CREATE TABLE `preview_links` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`token_hash` text NOT NULL,
	`file` text NOT NULL,
	`created_by` integer NOT NULL,
	`expires_at` integer NOT NULL,
	`revoked_at` integer,
	`created_at` integer DEFAULT (unixepoch('subsec') * 1000) NOT NULL,
	FOREIGN KEY (`created_by`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE UNIQUE INDEX `preview_links_token_unique` ON `preview_links` (`token_hash`);--> statement-breakpoint
CREATE INDEX `preview_links_owner_idx` ON `preview_links` (`created_by`,`expires_at`);--> statement-breakpoint
ALTER TABLE `pages` ADD `publish_at` integer;--> statement-breakpoint
ALTER TABLE `pages` ADD `withheld` integer DEFAULT false NOT NULL;--> statement-breakpoint
CREATE INDEX `pages_withheld_idx` ON `pages` (`withheld`,`publish_at`);