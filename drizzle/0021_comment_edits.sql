CREATE TABLE `comment_edits` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`comment_id` integer NOT NULL,
	`body` text NOT NULL,
	`event` text,
	`replaced_at` integer NOT NULL,
	FOREIGN KEY (`comment_id`) REFERENCES `comments`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE INDEX `comment_edits_comment_idx` ON `comment_edits` (`comment_id`,`replaced_at`);--> statement-breakpoint
ALTER TABLE `comments` ADD `edited_at` integer;--> statement-breakpoint
ALTER TABLE `comments` ADD `deleted_at` integer;