CREATE TABLE `messaging_keys` (
	`user_id` integer PRIMARY KEY NOT NULL,
	`pubkey` text NOT NULL,
	`ncryptsec` text NOT NULL,
	`created_at` integer DEFAULT (unixepoch('subsec') * 1000) NOT NULL,
	FOREIGN KEY (`user_id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE UNIQUE INDEX `messaging_keys_pubkey_unique` ON `messaging_keys` (`pubkey`);