-- builds and commits held nothing before this version (no feature wrote them): they are made anew.
DROP TABLE `commits`;--> statement-breakpoint
DROP TABLE `builds`;--> statement-breakpoint
CREATE TABLE `builds` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`name` text NOT NULL,
	`status` text DEFAULT 'open' NOT NULL,
	`kind` text DEFAULT 'edit' NOT NULL,
	`created_by` integer,
	`published_by` integer,
	`published_at` integer,
	`author_name` text,
	`author_email` text,
	`message` text,
	`sequence` integer,
	`local_commit` text,
	`remote_commit` text,
	`pushed_at` integer,
	`error` text,
	`created_at` integer DEFAULT (unixepoch('subsec') * 1000) NOT NULL,
	`updated_at` integer DEFAULT (unixepoch('subsec') * 1000) NOT NULL,
	FOREIGN KEY (`created_by`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE set null,
	FOREIGN KEY (`published_by`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE set null
);
--> statement-breakpoint
CREATE INDEX `builds_status_idx` ON `builds` (`status`,`created_at`);--> statement-breakpoint
CREATE UNIQUE INDEX `builds_one_open` ON `builds` (`status`) WHERE "builds"."status" = 'open';--> statement-breakpoint
CREATE UNIQUE INDEX `builds_sequence_unique` ON `builds` (`sequence`);--> statement-breakpoint
CREATE TABLE `commits` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`build_id` integer NOT NULL,
	`author_id` integer,
	`message` text NOT NULL,
	`path` text NOT NULL,
	`from_path` text,
	`content` text,
	`previous` text,
	`created_at` integer DEFAULT (unixepoch('subsec') * 1000) NOT NULL,
	`updated_at` integer DEFAULT (unixepoch('subsec') * 1000) NOT NULL,
	FOREIGN KEY (`build_id`) REFERENCES `builds`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`author_id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE set null
);
--> statement-breakpoint
CREATE UNIQUE INDEX `commits_build_path_unique` ON `commits` (`build_id`,`path`);--> statement-breakpoint
CREATE TABLE `build_pushes` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`build_id` integer NOT NULL,
	`target` text NOT NULL,
	`state` text DEFAULT 'pending' NOT NULL,
	`attempts` integer DEFAULT 0 NOT NULL,
	`next_attempt_at` integer NOT NULL,
	`claimed_by` text,
	`claimed_until` integer,
	`last_error` text,
	`commit_id` text,
	`created_at` integer DEFAULT (unixepoch('subsec') * 1000) NOT NULL,
	`updated_at` integer DEFAULT (unixepoch('subsec') * 1000) NOT NULL,
	FOREIGN KEY (`build_id`) REFERENCES `builds`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE UNIQUE INDEX `build_pushes_build_target_unique` ON `build_pushes` (`build_id`,`target`);--> statement-breakpoint
CREATE INDEX `build_pushes_due_idx` ON `build_pushes` (`state`,`next_attempt_at`);--> statement-breakpoint
ALTER TABLE `pages` ADD `file` text;--> statement-breakpoint
ALTER TABLE `pages` ADD `source` text;--> statement-breakpoint
CREATE UNIQUE INDEX `pages_file_unique` ON `pages` (`file`);