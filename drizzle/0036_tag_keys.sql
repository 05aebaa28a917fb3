-- Tags that fold alike are one tag (issue 37 §2, common/tags.ts tagKey): `page_tags.tag` holds the
-- tag's key, its slug without the `-` between words, so «کتابخوانی» and «کتاب‌خوانی» (slugs
-- `کتابخوانی`, `کتاب-خوانی`) are one tag. The tag's address is made from the spelling first used
-- (server/services/content.ts). The triggers of 0029 again, with the key; then the rows rebuilt
-- from `pages.tags` (a page that named both spellings keeps one row: INSERT OR IGNORE).
DROP TRIGGER IF EXISTS `pages_tags_insert`;
--> statement-breakpoint
DROP TRIGGER IF EXISTS `pages_tags_update`;
--> statement-breakpoint
CREATE TRIGGER `pages_tags_insert` AFTER INSERT ON `pages` WHEN new.`tags` IS NOT NULL BEGIN
  INSERT OR IGNORE INTO `page_tags` (`page_id`, `locale`, `tag`, `name`, `draft`, `date`, `slug`)
    SELECT new.`id`, new.`locale`, replace(json_extract(value, '$.slug'), '-', ''), json_extract(value, '$.name'), new.`draft`, new.`date`, new.`slug` FROM json_each(new.`tags`);
END;
--> statement-breakpoint
CREATE TRIGGER `pages_tags_update` AFTER UPDATE OF `tags`, `locale`, `draft`, `date`, `slug` ON `pages` BEGIN
  DELETE FROM `page_tags` WHERE `page_id` = old.`id`;
  INSERT OR IGNORE INTO `page_tags` (`page_id`, `locale`, `tag`, `name`, `draft`, `date`, `slug`)
    SELECT new.`id`, new.`locale`, replace(json_extract(value, '$.slug'), '-', ''), json_extract(value, '$.name'), new.`draft`, new.`date`, new.`slug` FROM json_each(coalesce(new.`tags`, '[]'));
END;
--> statement-breakpoint
DELETE FROM `page_tags`;
--> statement-breakpoint
INSERT OR IGNORE INTO `page_tags` (`page_id`, `locale`, `tag`, `name`, `draft`, `date`, `slug`)
  SELECT `pages`.`id`, `pages`.`locale`, replace(json_extract(tag.value, '$.slug'), '-', ''), json_extract(tag.value, '$.name'), `pages`.`draft`, `pages`.`date`, `pages`.`slug`
  FROM `pages`, json_each(`pages`.`tags`) AS tag WHERE `pages`.`tags` IS NOT NULL;
