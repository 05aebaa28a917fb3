ALTER TABLE `sessions` ADD `two_factor` integer DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE `sessions` ADD `confirmed_at` integer;--> statement-breakpoint
-- Sessions of accounts that already have a factor went through the second step (or turned it on):
-- count them as two-factor sessions, so the policy (F-42) signs out only those that never had one.
UPDATE `sessions` SET `two_factor` = 1 WHERE `user_id` IN (SELECT `user_id` FROM `totp_factors` WHERE `enabled_at` IS NOT NULL UNION SELECT `user_id` FROM `passkeys`);
