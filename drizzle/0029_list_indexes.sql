-- Issue 35 F-1 (no request stalls the site): the sitemap files and the public API's list are read in
-- an index's order, so a deep page or file skips index entries and neither sorts nor reads a row it
-- does not return (server/services/content.ts listPublicPages, server/services/public-api.ts;
-- tests/integration/query-plans.test.ts checks every list's plan).
CREATE INDEX `pages_sitemap_idx` ON `pages` (`locale`,`draft`,`noindex`,`slug`);--> statement-breakpoint
CREATE INDEX `pages_api_idx` ON `pages` (`locale`,`draft`,"date" is null,"date" desc,`slug`);--> statement-breakpoint
CREATE INDEX `pages_api_cat_idx` ON `pages` (`locale`,`draft`,`cat`,"date" is null,"date" desc,`slug`);
