ALTER TABLE `pages` ADD `visibility` text DEFAULT 'public' NOT NULL;--> statement-breakpoint
ALTER TABLE `pages` ADD `members_body` text;