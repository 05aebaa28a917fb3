-- E-mail on accounts and mail notifications (issue 27 items 1, 2 and 4, docs/security.md "Accounts
-- and e-mail"): the confirmed address (unique lower-cased), a pending one with its confirmation
-- token's hash, the language mails use, the notification opt-ins, and the notification queue.
CREATE TABLE `notification_mails` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`user_id` text NOT NULL,
	`kind` text NOT NULL,
	`comment_id` integer NOT NULL,
	`status` text DEFAULT 'queued' NOT NULL,
	`created_at` integer DEFAULT (unixepoch('subsec') * 1000) NOT NULL,
	`claimed_at` integer,
	`finished_at` integer,
	`error` text,
	FOREIGN KEY (`user_id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE UNIQUE INDEX `notification_mails_unique` ON `notification_mails` (`user_id`,`kind`,`comment_id`);--> statement-breakpoint
CREATE INDEX `notification_mails_status_idx` ON `notification_mails` (`status`,`created_at`);--> statement-breakpoint
ALTER TABLE `users` ADD `email` text;--> statement-breakpoint
ALTER TABLE `users` ADD `pending_email` text;--> statement-breakpoint
ALTER TABLE `users` ADD `pending_email_token_hash` text;--> statement-breakpoint
ALTER TABLE `users` ADD `pending_email_expires_at` integer;--> statement-breakpoint
ALTER TABLE `users` ADD `locale` text;--> statement-breakpoint
ALTER TABLE `users` ADD `notify_replies` integer DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE `users` ADD `notify_moderation` integer DEFAULT false NOT NULL;--> statement-breakpoint
CREATE UNIQUE INDEX `users_email_lower_unique` ON `users` (lower("email"));--> statement-breakpoint
CREATE INDEX `users_pending_email_token_idx` ON `users` (`pending_email_token_hash`);