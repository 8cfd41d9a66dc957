CREATE TABLE `newsletter_removals` (
	`address_hash` text PRIMARY KEY NOT NULL,
	`removed_at` integer NOT NULL
);
--> statement-breakpoint
CREATE INDEX `newsletter_removals_removed_idx` ON `newsletter_removals` (`removed_at`);--> statement-breakpoint
CREATE INDEX `newsletter_deliveries_subscriber_idx` ON `newsletter_deliveries` (`subscriber_id`);