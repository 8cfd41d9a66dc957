CREATE TABLE `nostr_challenges` (
	`challenge` text PRIMARY KEY NOT NULL,
	`expires_at` integer NOT NULL
);
--> statement-breakpoint
CREATE INDEX `nostr_challenges_expires_idx` ON `nostr_challenges` (`expires_at`);--> statement-breakpoint
CREATE TABLE `site_secrets` (
	`name` text PRIMARY KEY NOT NULL,
	`value` text NOT NULL,
	`created_at` integer DEFAULT (unixepoch('subsec') * 1000) NOT NULL
);
--> statement-breakpoint
DROP TABLE `nostr_tags`;--> statement-breakpoint
DROP TABLE `nostr_events`;--> statement-breakpoint
CREATE TABLE `nostr_events` (
	`seq` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`id` text NOT NULL,
	`pubkey` text NOT NULL,
	`kind` integer NOT NULL,
	`created_at` integer NOT NULL,
	`content` text NOT NULL,
	`tags` text NOT NULL,
	`sig` text NOT NULL,
	`comment_id` integer,
	`received_at` integer DEFAULT (unixepoch('subsec') * 1000) NOT NULL,
	FOREIGN KEY (`comment_id`) REFERENCES `comments`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE UNIQUE INDEX `nostr_events_id_unique` ON `nostr_events` (`id`);--> statement-breakpoint
CREATE UNIQUE INDEX `nostr_events_comment_unique` ON `nostr_events` (`comment_id`);--> statement-breakpoint
CREATE INDEX `nostr_events_pubkey_idx` ON `nostr_events` (`pubkey`,`created_at`);--> statement-breakpoint
CREATE INDEX `nostr_events_kind_idx` ON `nostr_events` (`kind`,`created_at`);--> statement-breakpoint
CREATE INDEX `nostr_events_created_idx` ON `nostr_events` (`created_at`);--> statement-breakpoint
CREATE TABLE `nostr_tags` (
	`event_seq` integer NOT NULL,
	`name` text NOT NULL,
	`value` text NOT NULL,
	FOREIGN KEY (`event_seq`) REFERENCES `nostr_events`(`seq`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE INDEX `nostr_tags_lookup_idx` ON `nostr_tags` (`name`,`value`);--> statement-breakpoint
CREATE INDEX `nostr_tags_event_idx` ON `nostr_tags` (`event_seq`);--> statement-breakpoint
ALTER TABLE `users` ADD `nostr_pub` text;--> statement-breakpoint
ALTER TABLE `users` ADD `lightning_address` text;--> statement-breakpoint
CREATE UNIQUE INDEX `users_nostr_pub_unique` ON `users` (`nostr_pub`);