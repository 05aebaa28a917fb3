-- Tags and authors (issue 28 item 3, docs/content.md "Tags and authors"): front matter `tags` in
-- pages.tags (JSON [{ slug, name }], common/tags.ts), copied into page_tags by the triggers below,
-- so every writer of `pages` (a sync, its staging copy, a publish) keeps the tag index without a
-- second write; pages.author_key is userNameKey(author), for author pages.
CREATE TABLE `page_tags` (
	`page_id` integer NOT NULL,
	`locale` text NOT NULL,
	`tag` text NOT NULL,
	`name` text NOT NULL,
	PRIMARY KEY(`page_id`, `tag`)
);
--> statement-breakpoint
CREATE INDEX `page_tags_locale_tag_idx` ON `page_tags` (`locale`,`tag`);--> statement-breakpoint
ALTER TABLE `pages` ADD `tags` text;--> statement-breakpoint
ALTER TABLE `pages` ADD `author_key` text;--> statement-breakpoint
CREATE INDEX `pages_author_idx` ON `pages` (`locale`,`author_key`,`draft`,"date" desc,`slug`) WHERE "pages"."author_key" is not null;--> statement-breakpoint
CREATE TRIGGER `pages_tags_insert` AFTER INSERT ON `pages` WHEN new.`tags` IS NOT NULL BEGIN
  INSERT OR IGNORE INTO `page_tags` (`page_id`, `locale`, `tag`, `name`)
    SELECT new.`id`, new.`locale`, json_extract(value, '$.slug'), json_extract(value, '$.name') FROM json_each(new.`tags`);
END;--> statement-breakpoint
CREATE TRIGGER `pages_tags_update` AFTER UPDATE OF `tags`, `locale` ON `pages` BEGIN
  DELETE FROM `page_tags` WHERE `page_id` = old.`id`;
  INSERT OR IGNORE INTO `page_tags` (`page_id`, `locale`, `tag`, `name`)
    SELECT new.`id`, new.`locale`, json_extract(value, '$.slug'), json_extract(value, '$.name') FROM json_each(coalesce(new.`tags`, '[]'));
END;--> statement-breakpoint
CREATE TRIGGER `pages_tags_delete` AFTER DELETE ON `pages` BEGIN
  DELETE FROM `page_tags` WHERE `page_id` = old.`id`;
END;
