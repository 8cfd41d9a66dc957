CREATE TABLE `newsletter_removals` (
	`address_hash` text PRIMARY KEY NOT NULL,
	`removed_at` integer NOT NULL
);
--> statement-breakpoint
CREATE INDEX `newsletter_removals_removed_idx` ON `newsletter_removals` (`removed_at`);--> statement-breakpoint
DROP INDEX `mail_outbox_due_idx`;--> statement-breakpoint
ALTER TABLE `mail_outbox` ADD `priority` integer DEFAULT 1 NOT NULL;--> statement-breakpoint
CREATE INDEX `mail_outbox_due_idx` ON `mail_outbox` (`state`,`priority`,`next_attempt_at`);--> statement-breakpoint
CREATE INDEX `newsletter_deliveries_subscriber_idx` ON `newsletter_deliveries` (`subscriber_id`);--> statement-breakpoint
UPDATE `mail_outbox` SET `priority` = 0 WHERE `kind` IN ('addressConfirm', 'passwordReset', 'addressChanged', 'test');--> statement-breakpoint
UPDATE `mail_outbox` SET `priority` = 2 WHERE `kind` = 'newsletter';
