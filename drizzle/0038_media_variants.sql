CREATE TABLE `media_variants` (
	`blob_sha` text NOT NULL,
	`width` integer NOT NULL,
	`original_width` integer NOT NULL,
	`data` text NOT NULL,
	`created_at` integer NOT NULL,
	PRIMARY KEY(`blob_sha`, `width`)
);
