CREATE TABLE `signed_requests` (
	`event_id` text PRIMARY KEY NOT NULL,
	`expires_at` integer NOT NULL
);
--> statement-breakpoint
CREATE INDEX `signed_requests_expires_idx` ON `signed_requests` (`expires_at`);--> statement-breakpoint
ALTER TABLE `sessions` ADD `password_at` integer;--> statement-breakpoint
ALTER TABLE `users` ADD `nostr_linked_at` integer;--> statement-breakpoint
ALTER TABLE `users` ADD `nostr_used_at` integer;