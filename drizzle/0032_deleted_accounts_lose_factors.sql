-- F-56: an account deleted before this release kept its second factors. Deleting an account now
-- removes them (server/services/users.ts deleteUser); this removes those left behind.
DELETE FROM `totp_factors` WHERE `user_id` IN (SELECT `id` FROM `users` WHERE `deleted_at` IS NOT NULL);
--> statement-breakpoint
DELETE FROM `recovery_codes` WHERE `user_id` IN (SELECT `id` FROM `users` WHERE `deleted_at` IS NOT NULL);
--> statement-breakpoint
DELETE FROM `passkeys` WHERE `user_id` IN (SELECT `id` FROM `users` WHERE `deleted_at` IS NOT NULL);
--> statement-breakpoint
DELETE FROM `half_signed_states` WHERE `user_id` IN (SELECT `id` FROM `users` WHERE `deleted_at` IS NOT NULL);
--> statement-breakpoint
DELETE FROM `webauthn_challenges` WHERE `user_id` IN (SELECT `id` FROM `users` WHERE `deleted_at` IS NOT NULL);
--> statement-breakpoint
UPDATE `users` SET `notify_digest` = 0 WHERE `deleted_at` IS NOT NULL;
