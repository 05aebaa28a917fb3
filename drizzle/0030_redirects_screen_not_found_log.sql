CREATE TABLE `not_found_hits` (
	`path` text NOT NULL,
	`day` text NOT NULL,
	`people` integer DEFAULT 0 NOT NULL,
	`bots` integer DEFAULT 0 NOT NULL,
	`last_at` integer NOT NULL,
	PRIMARY KEY(`path`, `day`)
);
--> statement-breakpoint
CREATE INDEX `not_found_hits_last_idx` ON `not_found_hits` (`last_at`);--> statement-breakpoint
CREATE TABLE `__new_redirects` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`from_path` text NOT NULL,
	`to_path` text NOT NULL,
	`status` integer DEFAULT 301 NOT NULL,
	`origin` text DEFAULT 'import' NOT NULL,
	`build_id` integer,
	`created_at` integer DEFAULT (unixepoch('subsec') * 1000) NOT NULL,
	`updated_at` integer DEFAULT (unixepoch('subsec') * 1000) NOT NULL,
	FOREIGN KEY (`build_id`) REFERENCES `builds`(`id`) ON UPDATE no action ON DELETE set null
);
--> statement-breakpoint
-- Nothing references redirects, so it is rebuilt in place (the migration runs in one transaction).
-- A rule with a build is a published move's; every other existing rule came from a site import.
INSERT INTO `__new_redirects`("from_path", "to_path", "status", "origin", "build_id", "created_at", "updated_at") SELECT "from_path", "to_path", 301, CASE WHEN "build_id" IS NOT NULL THEN 'move' ELSE 'import' END, "build_id", "created_at", "created_at" FROM `redirects` ORDER BY "created_at", "from_path";--> statement-breakpoint
DROP TABLE `redirects`;--> statement-breakpoint
ALTER TABLE `__new_redirects` RENAME TO `redirects`;--> statement-breakpoint
CREATE UNIQUE INDEX `redirects_from_unique` ON `redirects` (`from_path`);--> statement-breakpoint
CREATE INDEX `redirects_to_idx` ON `redirects` (`to_path`);