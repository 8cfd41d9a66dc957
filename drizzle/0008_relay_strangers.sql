ALTER TABLE `nostr_events` ADD `from_stranger` integer DEFAULT false NOT NULL;--> statement-breakpoint
CREATE INDEX `nostr_events_stranger_idx` ON `nostr_events` (`from_stranger`,`received_at`);