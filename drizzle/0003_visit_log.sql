CREATE TABLE `page_view_batches` (
	`id` text PRIMARY KEY NOT NULL,
	`created_at` integer NOT NULL
);
--> statement-breakpoint
CREATE TABLE `page_view_days` (
	`dimension` text NOT NULL,
	`day` integer NOT NULL,
	`value` text NOT NULL,
	`views` integer NOT NULL,
	`visitors` integer NOT NULL,
	PRIMARY KEY(`dimension`, `day`, `value`)
);
--> statement-breakpoint
CREATE TABLE `visitor_salts` (
	`day` integer PRIMARY KEY NOT NULL,
	`salt` text NOT NULL
);
--> statement-breakpoint
PRAGMA foreign_keys=OFF;--> statement-breakpoint
CREATE TABLE `__new_page_views` (
	`id` integer PRIMARY KEY NOT NULL,
	`created_at` integer NOT NULL,
	`day` integer NOT NULL,
	`route_path` text NOT NULL,
	`locale` text NOT NULL,
	`referrer_host` text,
	`browser` text NOT NULL,
	`os` text NOT NULL,
	`device` text NOT NULL,
	`is_bot` integer NOT NULL,
	`visitor_key` integer NOT NULL,
	`visitor_name` text,
	`ip_address` text
);
--> statement-breakpoint
-- Nothing wrote the old page_views table, so there are no rows to carry over (and its columns differ).
DROP TABLE `page_views`;--> statement-breakpoint
ALTER TABLE `__new_page_views` RENAME TO `page_views`;--> statement-breakpoint
PRAGMA foreign_keys=ON;--> statement-breakpoint
CREATE INDEX `page_views_day_idx` ON `page_views` (`day`);