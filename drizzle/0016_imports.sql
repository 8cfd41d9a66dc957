CREATE TABLE `import_media` (
	`run_id` integer NOT NULL,
	`address` text NOT NULL,
	`file` text NOT NULL,
	`data` blob NOT NULL,
	PRIMARY KEY(`run_id`, `address`),
	FOREIGN KEY (`run_id`) REFERENCES `import_runs`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE TABLE `import_runs` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`export_id` text NOT NULL,
	`user_id` integer,
	`state` text DEFAULT 'running' NOT NULL,
	`phase` text DEFAULT 'images' NOT NULL,
	`done` integer DEFAULT 0 NOT NULL,
	`total` integer DEFAULT 0 NOT NULL,
	`build_id` integer,
	`report` text,
	`created_at` integer DEFAULT (unixepoch('subsec') * 1000) NOT NULL,
	`updated_at` integer DEFAULT (unixepoch('subsec') * 1000) NOT NULL,
	FOREIGN KEY (`user_id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE set null
);
--> statement-breakpoint
CREATE TABLE `import_uploads` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`user_id` integer NOT NULL,
	`kind` text NOT NULL,
	`name` text DEFAULT '' NOT NULL,
	`data` blob NOT NULL,
	`created_at` integer DEFAULT (unixepoch('subsec') * 1000) NOT NULL,
	`updated_at` integer DEFAULT (unixepoch('subsec') * 1000) NOT NULL,
	FOREIGN KEY (`user_id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE TABLE `imported_items` (
	`export_id` text NOT NULL,
	`key` text NOT NULL,
	`kind` text NOT NULL,
	`target` text NOT NULL,
	`translation_group` text,
	`run_id` integer NOT NULL,
	PRIMARY KEY(`export_id`, `key`)
);
