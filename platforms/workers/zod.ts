/*
 * The Worker's `zod` (wrangler.jsonc "alias"; Node and the browser use zod itself): zod's module
 * without `z.locales`, its sixty translations of its own messages, which the app never uses — it
 * sets its own error map (common/zod-messages.ts). zod's `z` is a namespace object, so a bundler
 * keeps every member of it, translations included; this one lists the members. Types still come
 * from zod. Issue 24: the Worker's bundle under 1 MiB gzipped.
 */
import * as checks from '../../node_modules/zod/v4/classic/checks.js';
import * as compat from '../../node_modules/zod/v4/classic/compat.js';
import * as errors from '../../node_modules/zod/v4/classic/errors.js';
import * as parse from '../../node_modules/zod/v4/classic/parse.js';
import * as schemas from '../../node_modules/zod/v4/classic/schemas.js';
import * as members from './zod-members';

export * from '../../node_modules/zod/v4/classic/checks.js';
export * from '../../node_modules/zod/v4/classic/compat.js';
export * from '../../node_modules/zod/v4/classic/errors.js';
export * from '../../node_modules/zod/v4/classic/parse.js';
export * from '../../node_modules/zod/v4/classic/schemas.js';
export * from './zod-members';

export const z = { ...schemas, ...checks, ...errors, ...parse, ...compat, ...members };
export default z;
