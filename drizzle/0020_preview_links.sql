CREATE TABLE `preview_links` (
	`id` text PRIMARY KEY NOT NULL,
	`token_hash` text NOT NULL,
	`file` text NOT NULL,
	`created_by` text,
	`created_at` integer NOT NULL,
	`expires_at` integer NOT NULL,
	`revoked_at` integer,
	FOREIGN KEY (`created_by`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE set null
);
--> statement-breakpoint
CREATE UNIQUE INDEX `preview_links_token_hash_unique` ON `preview_links` (`token_hash`);--> statement-breakpoint
CREATE INDEX `preview_links_file_idx` ON `preview_links` (`file`);