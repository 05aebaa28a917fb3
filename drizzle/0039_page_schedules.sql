CREATE TABLE `page_schedules` (
	`file` text NOT NULL,
	`action` text NOT NULL,
	`at` integer NOT NULL,
	`group_file` text NOT NULL,
	`scheduled_by` text,
	`created_at` integer DEFAULT (unixepoch('subsec') * 1000) NOT NULL,
	PRIMARY KEY(`file`, `action`),
	FOREIGN KEY (`scheduled_by`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE INDEX `page_schedules_at_idx` ON `page_schedules` (`at`);--> statement-breakpoint
ALTER TABLE `builds` ADD `part_of_open` integer DEFAULT false NOT NULL;