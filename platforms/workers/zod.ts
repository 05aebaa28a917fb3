/*
 * The Worker's `zod` (wrangler.jsonc "alias"; Node and the browser use zod itself): zod's module
 * without `z.locales`, its sixty translations of its own messages, which the app never uses — it
 * sets its own error map (common/zod-messages.ts). zod's `z` is a namespace object, so a bundler
 * keeps every member of it, translations included; this one lists the members. Types still come
 * from zod. Issue 24: the Worker's bundle under 1 MiB gzipped.
 */
import * as checks from '../../node_modules/zod/v4/classic/checks.js';
import * as coerce from '../../node_modules/zod/v4/classic/coerce.js';
import * as compat from '../../node_modules/zod/v4/classic/compat.js';
import * as errors from '../../node_modules/zod/v4/classic/errors.js';
import * as iso from '../../node_modules/zod/v4/classic/iso.js';
import * as parse from '../../node_modules/zod/v4/classic/parse.js';
import * as schemas from '../../node_modules/zod/v4/classic/schemas.js';
import {
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
import { toJSONSchema } from '../../node_modules/zod/v4/core/json-schema-processors.js';

export * from '../../node_modules/zod/v4/classic/checks.js';
export * from '../../node_modules/zod/v4/classic/compat.js';
export * from '../../node_modules/zod/v4/classic/errors.js';
export * from '../../node_modules/zod/v4/classic/parse.js';
export * from '../../node_modules/zod/v4/classic/schemas.js';
export {
  $brand,
  clone,
  coerce,
  config,
  flattenError,
  formatError,
  globalRegistry,
  iso,
  NEVER,
  prettifyError,
  regexes,
  registry,
  toJSONSchema,
  treeifyError,
  util,
};

export const z = {
  ...schemas,
  ...checks,
  ...errors,
  ...parse,
  ...compat,
  $brand,
  clone,
  coerce,
  config,
  flattenError,
  formatError,
  globalRegistry,
  iso,
  NEVER,
  prettifyError,
  regexes,
  registry,
  toJSONSchema,
  treeifyError,
  util,
};
export default z;
