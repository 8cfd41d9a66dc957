ALTER TABLE `pages` ADD `seo_title` text;--> statement-breakpoint
ALTER TABLE `pages` ADD `seo_description` text;