import type { ApiReferenceField, ApiReferenceGroup } from '../../../common/api-reference';
import type { Locale } from '../../../common/locales';
import { type OpenApiDocument, openApiDocument } from '../../../server/http/openapi';
import { serverContext } from '../../lib/app-context.server';
import type { Route } from './+types/api';
import { dashboardUser } from './layout.server';

type Schema = Record<string, unknown>;

/** A JSON Schema in a few characters: `string`, `fa | en`, `integer[]`, `object`. */
export function typeLabel(schema: Schema): string {
  if (Array.isArray(schema.enum)) return schema.enum.map(String).join(' | ');
  if ('const' in schema) return JSON.stringify(schema.const);
  const union = (schema.anyOf ?? schema.oneOf) as Schema[] | undefined;
  if (union) return [...new Set(union.map(typeLabel))].join(' | ');
  const type = Array.isArray(schema.type) ? schema.type.join(' | ') : schema.type;
  if (type === 'array') return `${typeLabel((schema.items as Schema | undefined) ?? {})}[]`;
  if (type === 'string' && schema.format === 'binary') return 'file';
  if (type === 'string' && typeof schema.format === 'string') return `string (${schema.format})`;
  return typeof type === 'string' ? type : 'any';
}

/** The bounds a schema states, as short rules. */
export function typeRules(schema: Schema): string[] {
  const rules: string[] = [];
  const range = (min: unknown, max: unknown) => {
    if (typeof min === 'number' && typeof max === 'number') rules.push(`${min}–${max}`);
    else if (typeof min === 'number') rules.push(`≥ ${min}`);
    else if (typeof max === 'number') rules.push(`≤ ${max}`);
  };
  range(schema.minimum, schema.maximum);
  range(schema.minLength, schema.maxLength);
  range(schema.minItems, schema.maxItems);
  return rules;
}

const defaultOf = (schema: Schema) => ('default' in schema ? { default: JSON.stringify(schema.default) } : {});

/** Field notes are written in the schemas, in English: the Persian page leaves them out. */
const note = (description: unknown, locale: Locale) =>
  typeof description === 'string' && locale === 'en' ? { description } : {};

function bodyFields(schema: Schema | undefined, where: 'body' | 'form', locale: Locale): ApiReferenceField[] {
  const properties = (schema?.properties ?? {}) as Record<string, Schema>;
  const required = new Set((schema?.required as string[] | undefined) ?? []);
  return Object.entries(properties).map(([name, property]) => ({
    name,
    in: where,
    type: typeLabel(property),
    rules: typeRules(property),
    ...defaultOf(property),
    required: required.has(name),
    ...note(property.description, locale),
  }));
}

/** The document's operations grouped by tag, in the tags' order, in one language. */
export function referenceGroups(doc: OpenApiDocument, locale: Locale): ApiReferenceGroup[] {
  const groups = doc.tags.map((tag) => ({
    tag: tag.name,
    name: locale === 'fa' ? tag['x-name-fa'] : tag.description,
    routes: [] as ApiReferenceGroup['routes'],
  }));
  for (const [path, item] of Object.entries(doc.paths))
    for (const [method, op] of Object.entries(item)) {
      const content = op.requestBody?.content ?? {};
      const json = content['application/json']?.schema;
      const form = content['multipart/form-data']?.schema;
      const [successStatus, success] = Object.entries(op.responses).find(([status]) => Number(status) < 300) ?? [
        '200',
        undefined,
      ];
      groups
        .find((group) => group.tag === op.tags[0])
        ?.routes.push({
          id: op.operationId,
          method: method.toUpperCase(),
          path,
          summary: locale === 'fa' ? op['x-summary-fa'] : op.summary,
          access: op['x-daftar-permission'],
          fields: [
            ...(op.parameters ?? []).map((p) => ({
              name: p.name,
              in: p.in,
              type: typeLabel(p.schema),
              rules: typeRules(p.schema),
              ...defaultOf(p.schema),
              required: p.required,
              ...note(p.description, locale),
            })),
            ...bodyFields(json, 'body', locale),
            ...bodyFields(form, 'form', locale),
          ],
          success: { status: Number(successStatus), media: Object.keys(success?.content ?? {})[0] ?? null },
          errors: Object.keys(op.responses)
            .map(Number)
            .filter((status) => status >= 300),
        });
    }
  return groups.filter((group) => group.routes.length > 0);
}

/** `/manage/api`: the API reference, from the same document `GET /api/openapi.json` serves (server/http/openapi.ts). */
export async function loadApiReference({ context }: Route.LoaderArgs) {
  dashboardUser(context);
  const { state } = serverContext(context);
  return { groups: referenceGroups(openApiDocument(), state.locale) };
}
