ALTER TABLE `pages` ADD `last_commit` text;--> statement-breakpoint
ALTER TABLE `pages` ADD `last_commit_at` integer;