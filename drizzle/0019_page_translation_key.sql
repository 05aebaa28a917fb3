-- Translations paired by a key (issue 25, docs/content.md "Translations"): front matter `translationKey`,
-- null for a page without one, which pairs by its own address: coalesce(translation_key, slug).
ALTER TABLE `pages` ADD `translation_key` text;
--> statement-breakpoint
CREATE INDEX `pages_translation_idx` ON `pages` (`locale`, coalesce(`translation_key`, `slug`), `draft`);
