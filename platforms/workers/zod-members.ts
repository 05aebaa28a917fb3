/*
 * The members of zod's `z` that are not in its classic modules, listed once: platforms/workers/zod.ts
 * exports them by name and spreads them into its `z`.
 */
export * as coerce from '../../node_modules/zod/v4/classic/coerce.js';
export * as iso from '../../node_modules/zod/v4/classic/iso.js';
export {
  $brand,
  clone,
  config,
  flattenError,
  formatError,
  globalRegistry,
  NEVER,
  prettifyError,
  regexes,
  registry,
  treeifyError,
  util,
} from '../../node_modules/zod/v4/core/index.js';
export { toJSONSchema } from '../../node_modules/zod/v4/core/json-schema-processors.js';
