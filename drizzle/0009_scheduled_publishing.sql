ALTER TABLE `builds` ADD `scheduled_at` integer;--> statement-breakpoint
ALTER TABLE `builds` ADD `scheduled_by` text REFERENCES users(id) ON DELETE set null;