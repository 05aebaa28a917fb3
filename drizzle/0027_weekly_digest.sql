ALTER TABLE `users` ADD `notify_digest` integer DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE `users` ADD `digest_sent_week` text;