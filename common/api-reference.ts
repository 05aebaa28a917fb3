/**
 * The dashboard's API reference (`/manage/api`): the OpenAPI document (`/api/openapi.json`) as the
 * page shows it, in the reader's language. Made on the server from the document itself.
 */

/** Who may call a route: `public`, `setup`, `user`, `owner` or a permission name (route-access.ts). */
export type ApiAccess = string;

export type ApiReferenceField = {
  name: string;
  /** Where the value goes. */
  in: 'path' | 'query' | 'body' | 'form';
  /** A short type: `string`, `integer`, `fa | en`, `string[]`… */
  type: string;
  /** Bounds as the schema states them: `1–10000`, `≤ 60`. */
  rules: string[];
  /** The value taken when the field is left out, as JSON. */
  default?: string;
  required: boolean;
  description?: string;
};

export type ApiReferenceRoute = {
  id: string;
  method: string;
  path: string;
  summary: string;
  access: ApiAccess;
  fields: ApiReferenceField[];
  /** The success status and its media type. */
  success: { status: number; media: string | null };
  /** Refusal statuses, in order. */
  errors: number[];
};

export type ApiReferenceGroup = { tag: string; name: string; routes: ApiReferenceRoute[] };
