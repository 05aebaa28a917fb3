ALTER TABLE `pages` ADD `meta_title` text;--> statement-breakpoint
ALTER TABLE `pages` ADD `noindex` integer DEFAULT false NOT NULL;