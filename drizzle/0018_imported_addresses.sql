CREATE TABLE `build_redirects` (
	`build_id` integer NOT NULL,
	`from_path` text NOT NULL,
	`to_path` text NOT NULL,
	`kind` text NOT NULL,
	`created_by` integer,
	PRIMARY KEY(`build_id`, `from_path`),
	FOREIGN KEY (`build_id`) REFERENCES `builds`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`created_by`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE set null
);
--> statement-breakpoint
ALTER TABLE `comments` ADD `author_email` text;--> statement-breakpoint
ALTER TABLE `comments` ADD `author_url` text;