ALTER TABLE `content_syncs` ADD `publish_build_id` integer;--> statement-breakpoint
CREATE INDEX `pages_source_path_idx` ON `pages` (`source_path`);