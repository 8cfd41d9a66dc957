CREATE TABLE `settings_history` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`version` integer NOT NULL,
	`user_id` integer,
	`source` text DEFAULT 'system' NOT NULL,
	`changes` text NOT NULL,
	`created_at` integer DEFAULT (unixepoch('subsec') * 1000) NOT NULL,
	FOREIGN KEY (`user_id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE set null
);
--> statement-breakpoint
CREATE UNIQUE INDEX `settings_history_version_unique` ON `settings_history` (`version`);--> statement-breakpoint
CREATE INDEX `settings_history_created_idx` ON `settings_history` (`created_at`);--> statement-breakpoint
ALTER TABLE `comments` ADD `author_deleted` integer DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE `settings` ADD `version` integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE `users` ADD `disabled_at` integer;--> statement-breakpoint
ALTER TABLE `users` ADD `last_sign_in_at` integer;