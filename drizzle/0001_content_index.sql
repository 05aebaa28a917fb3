CREATE TABLE `content_builds` (
	`id` text PRIMARY KEY NOT NULL,
	`commit_sha` text,
	`renderer_version` integer NOT NULL,
	`page_count` integer NOT NULL,
	`problems` text NOT NULL,
	`created_at` integer NOT NULL
);
--> statement-breakpoint
CREATE INDEX `content_builds_created_idx` ON `content_builds` (`created_at`);--> statement-breakpoint
ALTER TABLE `pages` ADD `widgets` text;--> statement-breakpoint
ALTER TABLE `pages` ADD `words` integer DEFAULT 0 NOT NULL;