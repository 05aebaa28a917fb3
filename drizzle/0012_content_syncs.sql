CREATE TABLE `content_syncs` (
	`id` text PRIMARY KEY NOT NULL,
	`status` text NOT NULL,
	`force` integer DEFAULT false NOT NULL,
	`commit_sha` text,
	`done` integer DEFAULT 0 NOT NULL,
	`total` integer DEFAULT 0 NOT NULL,
	`problems` text NOT NULL,
	`error` text,
	`lease_until` integer,
	`steps` integer DEFAULT 0 NOT NULL,
	`build_id` text,
	`started_at` integer NOT NULL,
	`updated_at` integer NOT NULL,
	`finished_at` integer
);
--> statement-breakpoint
CREATE INDEX `content_syncs_started_idx` ON `content_syncs` (`started_at`);