CREATE TABLE `import_commits` (
	`run_id` integer NOT NULL,
	`commit_id` integer NOT NULL,
	PRIMARY KEY(`run_id`, `commit_id`),
	FOREIGN KEY (`run_id`) REFERENCES `import_runs`(`id`) ON UPDATE no action ON DELETE cascade
);
