CREATE INDEX `pages_title_idx` ON `pages` ("title" COLLATE NOCASE,`id`);--> statement-breakpoint
CREATE INDEX `pages_updated_idx` ON `pages` (`updated_at`,`id`);--> statement-breakpoint
CREATE INDEX `pages_path_idx` ON `pages` (`path`,`locale`);