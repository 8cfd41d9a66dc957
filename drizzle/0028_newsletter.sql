CREATE TABLE `newsletter_deliveries` (
	`send_id` integer NOT NULL,
	`subscriber_id` integer NOT NULL,
	`outbox_id` integer NOT NULL,
	PRIMARY KEY(`send_id`, `subscriber_id`)
);
--> statement-breakpoint
CREATE INDEX `newsletter_deliveries_outbox_idx` ON `newsletter_deliveries` (`outbox_id`);--> statement-breakpoint
CREATE TABLE `newsletter_posts` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`build_id` integer NOT NULL,
	`locale` text NOT NULL,
	`path` text NOT NULL,
	`title` text NOT NULL,
	`description` text DEFAULT '' NOT NULL,
	`due_at` integer NOT NULL,
	`send_id` integer
);
--> statement-breakpoint
CREATE UNIQUE INDEX `newsletter_posts_build_page_unique` ON `newsletter_posts` (`build_id`,`locale`,`path`);--> statement-breakpoint
CREATE INDEX `newsletter_posts_waiting_idx` ON `newsletter_posts` (`send_id`,`due_at`);--> statement-breakpoint
CREATE TABLE `newsletter_sends` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`key` text NOT NULL,
	`build_id` integer NOT NULL,
	`recipients` integer DEFAULT 0 NOT NULL,
	`cursor` integer DEFAULT 0 NOT NULL,
	`queued_at` integer,
	`created_at` integer DEFAULT (unixepoch('subsec') * 1000) NOT NULL,
	`updated_at` integer DEFAULT (unixepoch('subsec') * 1000) NOT NULL
);
--> statement-breakpoint
CREATE UNIQUE INDEX `newsletter_sends_key_unique` ON `newsletter_sends` (`key`);--> statement-breakpoint
CREATE TABLE `newsletter_subscribers` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`email` text NOT NULL,
	`languages` text NOT NULL,
	`locale` text NOT NULL,
	`confirmed_at` integer NOT NULL,
	`created_at` integer DEFAULT (unixepoch('subsec') * 1000) NOT NULL,
	`updated_at` integer DEFAULT (unixepoch('subsec') * 1000) NOT NULL
);
--> statement-breakpoint
CREATE UNIQUE INDEX `newsletter_subscribers_email_unique` ON `newsletter_subscribers` ("email" COLLATE NOCASE);--> statement-breakpoint
CREATE INDEX `newsletter_subscribers_confirmed_idx` ON `newsletter_subscribers` (`confirmed_at`);