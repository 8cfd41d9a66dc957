-- A page row's version (`updated_at`) changes whenever what the page shows changes, whoever writes it: a write
-- that leaves `updated_at` as it was gets a later one here. Search compares its pages with the page rows by this
-- version, so a change that forgot to date itself would otherwise never reach search.
CREATE TRIGGER `pages_version` AFTER UPDATE OF
	`locale`, `path`, `title`, `description`, `date`, `category`, `tags`, `thumbnail`, `author`,
	`toc`, `comments`, `draft`, `intro`, `body`
ON `pages`
WHEN NEW.`updated_at` = OLD.`updated_at`
BEGIN
	UPDATE `pages` SET `updated_at` = max(OLD.`updated_at` + 1, CAST(unixepoch('subsec') * 1000 AS INTEGER))
	WHERE `id` = NEW.`id`;
END;
