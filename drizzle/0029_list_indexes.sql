-- Issue 35 F-1/F-2 (no request stalls the site): every list of pages reads an index in its own order,
-- so a deep page skips index entries and neither sorts nor reads a row it does not return, and counts
-- come from a row kept by triggers (tests/integration/query-plans.test.ts checks every list's plan).
-- 1. `page_counts`: pages per language, published and drafts, kept by the triggers below.
CREATE TABLE `page_counts` (
	`locale` text NOT NULL,
	`draft` integer NOT NULL,
	`pages` integer NOT NULL,
	PRIMARY KEY(`locale`, `draft`)
);
--> statement-breakpoint
ALTER TABLE `page_tags` ADD `draft` integer DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE `page_tags` ADD `date` text;--> statement-breakpoint
ALTER TABLE `page_tags` ADD `slug` text DEFAULT '' NOT NULL;--> statement-breakpoint
CREATE INDEX `page_tags_list_idx` ON `page_tags` (`locale`,`tag`,`draft`,"date" desc,`slug`);--> statement-breakpoint
CREATE INDEX `page_tags_count_idx` ON `page_tags` (`locale`,`draft`,`tag`,`name`);--> statement-breakpoint
CREATE INDEX `pages_sitemap_idx` ON `pages` (`locale`,`draft`,`noindex`,`slug`);--> statement-breakpoint
CREATE INDEX `pages_api_idx` ON `pages` (`locale`,`draft`,"date" is null,"date" desc,`slug`);--> statement-breakpoint
CREATE INDEX `pages_api_cat_idx` ON `pages` (`locale`,`draft`,`cat`,"date" is null,"date" desc,`slug`);--> statement-breakpoint
CREATE INDEX `pages_manage_idx` ON `pages` ("indexed_at" desc,`locale`,substr(`source_path`, 12, length(`source_path`) - 14));--> statement-breakpoint
CREATE INDEX `pages_manage_locale_idx` ON `pages` (`locale`,"indexed_at" desc,substr(`source_path`, 12, length(`source_path`) - 14));
--> statement-breakpoint
-- 2. The counts of the pages already indexed.
INSERT INTO `page_counts` (`locale`, `draft`, `pages`) SELECT `locale`, `draft`, count(*) FROM `pages` GROUP BY 1, 2;
--> statement-breakpoint
CREATE TRIGGER `pages_counts_insert` AFTER INSERT ON `pages` BEGIN
  INSERT INTO `page_counts` (`locale`, `draft`, `pages`) VALUES (new.`locale`, new.`draft`, 1)
    ON CONFLICT (`locale`, `draft`) DO UPDATE SET `pages` = `pages` + 1;
END;
--> statement-breakpoint
CREATE TRIGGER `pages_counts_delete` AFTER DELETE ON `pages` BEGIN
  UPDATE `page_counts` SET `pages` = `pages` - 1 WHERE `locale` = old.`locale` AND `draft` = old.`draft`;
END;
--> statement-breakpoint
CREATE TRIGGER `pages_counts_update` AFTER UPDATE OF `locale`, `draft` ON `pages` WHEN old.`locale` IS NOT new.`locale` OR old.`draft` IS NOT new.`draft` BEGIN
  UPDATE `page_counts` SET `pages` = `pages` - 1 WHERE `locale` = old.`locale` AND `draft` = old.`draft`;
  INSERT INTO `page_counts` (`locale`, `draft`, `pages`) VALUES (new.`locale`, new.`draft`, 1)
    ON CONFLICT (`locale`, `draft`) DO UPDATE SET `pages` = `pages` + 1;
END;
--> statement-breakpoint
-- 3. `page_tags` carries its page's draft, date and slug (a tag's page in the index's order): the
-- triggers of 0021 copy them too, and an update of any of them rewrites the page's tag rows.
UPDATE `page_tags` SET (`draft`, `date`, `slug`) = (SELECT `draft`, `date`, `slug` FROM `pages` WHERE `pages`.`id` = `page_tags`.`page_id`);
--> statement-breakpoint
DROP TRIGGER IF EXISTS `pages_tags_insert`;
--> statement-breakpoint
DROP TRIGGER IF EXISTS `pages_tags_update`;
--> statement-breakpoint
CREATE TRIGGER `pages_tags_insert` AFTER INSERT ON `pages` WHEN new.`tags` IS NOT NULL BEGIN
  INSERT OR IGNORE INTO `page_tags` (`page_id`, `locale`, `tag`, `name`, `draft`, `date`, `slug`)
    SELECT new.`id`, new.`locale`, json_extract(value, '$.slug'), json_extract(value, '$.name'), new.`draft`, new.`date`, new.`slug` FROM json_each(new.`tags`);
END;
--> statement-breakpoint
CREATE TRIGGER `pages_tags_update` AFTER UPDATE OF `tags`, `locale`, `draft`, `date`, `slug` ON `pages` BEGIN
  DELETE FROM `page_tags` WHERE `page_id` = old.`id`;
  INSERT OR IGNORE INTO `page_tags` (`page_id`, `locale`, `tag`, `name`, `draft`, `date`, `slug`)
    SELECT new.`id`, new.`locale`, json_extract(value, '$.slug'), json_extract(value, '$.name'), new.`draft`, new.`date`, new.`slug` FROM json_each(coalesce(new.`tags`, '[]'));
END;
