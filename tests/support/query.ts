import { expect } from 'vitest';

/** One call of a route with a query string (`page=2&status=spam`), in the language the headers ask for. */
export type AskWithQuery = (query: string, headers?: Record<string, string>) => Response | Promise<Response>;

/** Hostile `?page=` values: none is a whole number from 1 to the cap (100 000 unless given). */
export const hostilePages = (max = 100_000) => [
  'abc',
  '-1',
  '0',
  '1.5',
  'NaN',
  'Infinity',
  '1e400',
  '%00',
  '+',
  '9'.repeat(400),
  String(max + 1),
];

/**
 * Each query must be a 400 (server/http/validate.ts readQuery) whose issues name `field` and only
 * fields the query was about; the first is asked again in Persian and must answer in Persian.
 */
export async function expectRefusedQueries(ask: AskWithQuery, cases: [query: string, field: string][]) {
  for (const [query, field] of cases) {
    const response = await ask(query);
    expect(response.status, query).toBe(400);
    const body = (await response.json()) as { message: string; data: { issues: { path: string[]; message: string }[] } };
    expect(body.message, query).toBe('Please correct the highlighted fields');
    expect(
      body.data.issues.map((issue) => issue.path.join('.')),
      query,
    ).toEqual([field]);
  }
  const [query, field] = cases[0]!;
  const fa = (await (await ask(query, { 'x-locale': 'fa' })).json()) as {
    message: string;
    data: { issues: { path: string[]; message: string }[] };
  };
  expect(fa.message).toBe('لطفاً خانه‌های مشخص‌شده را درست کنید');
  expect(fa.data.issues[0]?.path).toEqual([field]);
  expect(fa.data.issues[0]?.message).toMatch(/[\u0600-\u06FF]/);
}

/** The `?page=` cases every paged list refuses: hostile values, a repeated parameter, `__proto__` beside it. */
export const refusedPageQueries = (max?: number): [string, string][] => [
  ...hostilePages(max).map((page): [string, string] => [`page=${page}`, 'page']),
  ['page=1&page=2', 'page'],
  ['__proto__=x&page=-1', 'page'],
  ['__proto__[page]=1&page=abc', 'page'],
];

/** `__proto__` and `constructor` as keys name nothing: the answer is the default one and no prototype changes. */
export async function expectPrototypeKeysIgnored(ask: AskWithQuery) {
  const plain = await ask('');
  const odd = await ask('__proto__=x&__proto__[page]=5&constructor[prototype][polluted]=1&constructor=y');
  expect(odd.status).toBe(plain.status);
  expect(plain.status).toBe(200);
  expect(({} as Record<string, unknown>).polluted).toBeUndefined();
  expect(({} as Record<string, unknown>).page).toBeUndefined();
}
