CREATE TABLE `newsletter_deliveries` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`issue_id` integer NOT NULL,
	`subscriber_id` integer NOT NULL,
	`status` text DEFAULT 'queued' NOT NULL,
	`claimed_at` integer,
	`finished_at` integer,
	`error` text,
	FOREIGN KEY (`issue_id`) REFERENCES `newsletter_issues`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`subscriber_id`) REFERENCES `newsletter_subscribers`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE UNIQUE INDEX `newsletter_deliveries_unique` ON `newsletter_deliveries` (`issue_id`,`subscriber_id`);--> statement-breakpoint
CREATE INDEX `newsletter_deliveries_status_idx` ON `newsletter_deliveries` (`status`,`issue_id`);--> statement-breakpoint
CREATE TABLE `newsletter_issues` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`locale` text NOT NULL,
	`slug` text NOT NULL,
	`subject` text NOT NULL,
	`html` text NOT NULL,
	`text` text NOT NULL,
	`origin` text NOT NULL,
	`created_by` text,
	`created_at` integer DEFAULT (unixepoch('subsec') * 1000) NOT NULL,
	FOREIGN KEY (`created_by`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE set null
);
--> statement-breakpoint
CREATE INDEX `newsletter_issues_created_idx` ON `newsletter_issues` (`created_at`);--> statement-breakpoint
CREATE TABLE `newsletter_tokens` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`subscriber_id` integer NOT NULL,
	`kind` text NOT NULL,
	`token_hash` text NOT NULL,
	`locale` text NOT NULL,
	`expires_at` integer NOT NULL,
	`used_at` integer,
	`created_at` integer DEFAULT (unixepoch('subsec') * 1000) NOT NULL,
	FOREIGN KEY (`subscriber_id`) REFERENCES `newsletter_subscribers`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE UNIQUE INDEX `newsletter_tokens_hash_unique` ON `newsletter_tokens` (`token_hash`);--> statement-breakpoint
CREATE INDEX `newsletter_tokens_subscriber_idx` ON `newsletter_tokens` (`subscriber_id`);--> statement-breakpoint
CREATE INDEX `newsletter_tokens_expires_idx` ON `newsletter_tokens` (`expires_at`);--> statement-breakpoint
ALTER TABLE `newsletter_subscribers` ADD `confirmed_at` integer;