import { integer, primaryKey, sqliteTable, text } from 'drizzle-orm/sqlite-core';

/**
 * Responsive image copies made by the browser at upload time, for a platform whose server cannot
 * encode images (Workers; docs/decisions/0008-responsive-images.md). A cache derived from the
 * content repository's blobs, keyed by the original's blob id and the copy's planned width; the
 * server checked each copy before keeping it (server/services/media-variant-uploads.ts). The bytes
 * are base64 text: D1 hands BLOBs back as arrays of numbers, and a row holds at most 2 MB.
 */
export const mediaVariants = sqliteTable(
  'media_variants',
  {
    blobSha: text('blob_sha').notNull(),
    width: integer('width').notNull(),
    /** The original's width, so a request is matched to its planned width without reading the original. */
    originalWidth: integer('original_width').notNull(),
    /** The WebP copy, base64. */
    data: text('data').notNull(),
    createdAt: integer('created_at', { mode: 'timestamp_ms' }).notNull(),
  },
  (t) => [primaryKey({ columns: [t.blobSha, t.width] })],
);
