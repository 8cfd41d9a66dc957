CREATE TABLE `comment_notify_addresses` (
	`comment_id` integer PRIMARY KEY NOT NULL,
	`address_id` integer NOT NULL,
	FOREIGN KEY (`comment_id`) REFERENCES `comments`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`address_id`) REFERENCES `commenter_addresses`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE INDEX `comment_notify_addresses_address_idx` ON `comment_notify_addresses` (`address_id`);--> statement-breakpoint
CREATE TABLE `commenter_addresses` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`email` text NOT NULL,
	`confirmed_at` integer,
	`created_at` integer NOT NULL
);
--> statement-breakpoint
CREATE UNIQUE INDEX `commenter_addresses_email_unique` ON `commenter_addresses` ("email" COLLATE NOCASE);--> statement-breakpoint
CREATE INDEX `commenter_addresses_confirmed_idx` ON `commenter_addresses` (`confirmed_at`,`created_at`);--> statement-breakpoint
CREATE TABLE `commenter_notices_sent` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`kind` text NOT NULL,
	`address_id` integer NOT NULL,
	`item` text NOT NULL,
	`created_at` integer NOT NULL,
	FOREIGN KEY (`address_id`) REFERENCES `commenter_addresses`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE UNIQUE INDEX `commenter_notices_sent_unique` ON `commenter_notices_sent` (`kind`,`address_id`,`item`);