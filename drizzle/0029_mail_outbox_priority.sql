DROP INDEX `mail_outbox_due_idx`;--> statement-breakpoint
ALTER TABLE `mail_outbox` ADD `priority` integer DEFAULT 1 NOT NULL;--> statement-breakpoint
CREATE INDEX `mail_outbox_due_idx` ON `mail_outbox` (`state`,`priority`,`next_attempt_at`);--> statement-breakpoint
UPDATE `mail_outbox` SET `priority` = 0 WHERE `kind` IN ('addressConfirm', 'passwordReset', 'addressChanged', 'test');--> statement-breakpoint
UPDATE `mail_outbox` SET `priority` = 2 WHERE `kind` = 'newsletter';
