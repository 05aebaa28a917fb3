CREATE TABLE `analytics_salts` (
	`day` text PRIMARY KEY NOT NULL,
	`salt` text NOT NULL
);
--> statement-breakpoint
CREATE TABLE `page_view_day_pages` (
	`day` text NOT NULL,
	`locale` text NOT NULL,
	`path` text NOT NULL,
	`referrer` text DEFAULT '' NOT NULL,
	`views` integer NOT NULL,
	PRIMARY KEY(`day`, `locale`, `path`, `referrer`)
);
--> statement-breakpoint
CREATE TABLE `page_view_days` (
	`day` text PRIMARY KEY NOT NULL,
	`views` integer NOT NULL,
	`visitors` integer NOT NULL
);
--> statement-breakpoint
ALTER TABLE `page_views` ADD `visitor` text DEFAULT '' NOT NULL;