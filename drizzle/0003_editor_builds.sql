CREATE TABLE `redirects` (
	`from_path` text PRIMARY KEY NOT NULL,
	`to_path` text NOT NULL,
	`build_id` integer,
	`created_at` integer DEFAULT (unixepoch('subsec') * 1000) NOT NULL,
	FOREIGN KEY (`build_id`) REFERENCES `builds`(`id`) ON UPDATE no action ON DELETE set null
);
--> statement-breakpoint
ALTER TABLE `builds` ADD `published_by` text REFERENCES users(id);--> statement-breakpoint
ALTER TABLE `builds` ADD `publishing_since` integer;--> statement-breakpoint
ALTER TABLE `builds` ADD `revert_of` integer;--> statement-breakpoint
CREATE UNIQUE INDEX `builds_single_active_unique` ON `builds` (`status`) WHERE "builds"."status" IN ('open', 'publishing');--> statement-breakpoint
ALTER TABLE `commits` ADD `kind` text DEFAULT 'update' NOT NULL;--> statement-breakpoint
ALTER TABLE `commits` ADD `base_sha` text;--> statement-breakpoint
ALTER TABLE `commits` ADD `from_path` text;--> statement-breakpoint
ALTER TABLE `commits` ADD `blob_sha` text;--> statement-breakpoint
CREATE UNIQUE INDEX `commits_build_path_unique` ON `commits` (`build_id`,`path`);