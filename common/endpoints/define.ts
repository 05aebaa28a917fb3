import { z } from 'zod';
import { locales } from '../locales';
import type { Permission } from '../permissions';

/**
 * Who may call an endpoint — the one rule the API's gate (`authorize`, server/http/guards.ts)
 * reads and the authorisation-matrix test checks.
 *
 * - `public`: anyone; `setup`: an installer step — `authorize` asks for the setup token on every
 *   method but GET/HEAD, and refuses it once the site is installed;
 * - `half-signed`: the second step of signing in — the half-signed cookie a correct password gave to
 *   an account with two factors (docs/security.md "Two-factor sign-in"); no session is read, and
 *   no other endpoint takes that cookie;
 * - `user`: any signed-in user; a permission name: users whose roles grant it;
 * - `owner`: holders of the owner role only — for what no permission can be split off from
 *   (a backup holds every account's secrets). The user endpoints also stop at the owner line
 *   inside their service (server/services/grants.ts): only an owner gives, takes away or acts on
 *   the owner role, whatever permissions the caller's roles hold.
 */
export type Access = 'public' | 'setup' | 'half-signed' | 'user' | 'owner' | Permission;

export type HttpMethod = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';

/** The groups of the API reference, in the order it shows them. */
export const apiTags = {
  public: { en: 'Headless content API', fa: 'API محتوای عمومی' },
  search: { en: 'Search', fa: 'جست‌وجو' },
  comments: { en: 'Comments', fa: 'دیدگاه‌ها' },
  newsletter: { en: 'Newsletter', fa: 'خبرنامه' },
  auth: { en: 'Sign-in and sessions', fa: 'ورود و نشست' },
  profile: { en: 'Profile', fa: 'نمایه' },
  pages: { en: 'Pages and the editor', fa: 'صفحه‌ها و ویرایشگر' },
  builds: { en: 'Builds and publishing', fa: 'ساخت‌ها و انتشار' },
  media: { en: 'Media', fa: 'رسانه' },
  users: { en: 'Users', fa: 'کاربران' },
  roles: { en: 'Roles', fa: 'نقش‌ها' },
  settings: { en: 'Settings', fa: 'تنظیمات' },
  redirects: { en: 'Redirects and the 404 log', fa: 'تغییر مسیرها و گزارش ۴۰۴' },
  analytics: { en: 'Analytics', fa: 'آمار بازدید' },
  'outgoing-webhooks': { en: 'Outgoing webhooks', fa: 'وب‌هوک‌های خروجی' },
  integrations: { en: 'API keys', fa: 'کلیدهای API' },
  operating: { en: 'Operating', fa: 'نگهداری' },
  install: { en: 'Installer', fa: 'نصب' },
} as const satisfies Record<string, { en: string; fa: string }>;
export type ApiTag = keyof typeof apiTags;

/**
 * One API endpoint, declared once (docs/architecture.md "Endpoints"): the router registers its
 * handler by it (server/http/endpoint.ts), the access matrix and the OpenAPI document are made
 * from it, and the browser's client calls it (app/lib/api-routes.generated.ts).
 */
export type Endpoint = {
  method: HttpMethod;
  /** Hono's pattern, under `/api/`: `:name` is one segment, `:name{.+}` the rest of the path. */
  path: `/api/${string}`;
  access: Access;
  tag: ApiTag;
  /** One line in each language: what the call does. */
  en: string;
  fa: string;
  /** The query string, path parameters and JSON body, as the handler's zod schemas. */
  query?: z.ZodObject;
  params?: z.ZodObject;
  body?: z.ZodType;
  /** The body may be left out (the one-click unsubscribe carries its token in the query instead). */
  bodyOptional?: true;
  /** Another body than JSON: an upload's form fields. */
  form?: z.ZodObject;
  /** The success answer: its status (200 unless said) and, when there is one, its named schema. */
  status?: 200 | 201 | 202 | 204;
  response?: { name: string; schema: z.ZodType };
  /** The success answer's media type when it is not JSON (a CSV export, a backup archive). */
  produces?: string;
  /** Refusals beyond those the access rule and the schemas imply (409 conflict, 429 throttled…). */
  errors?: readonly number[];
};

/** An area's endpoints by name, their types kept exact (the client's parameters and bodies come from them). */
export const declare = <const T extends Record<string, Endpoint>>(endpoints: T): T => endpoints;

/** `{id}` in a path. */
export const idParam = z.object({ id: z.string() });

/** `{locale}/{path}` of a page in a path. */
export const pageParams = z.object({
  locale: z.enum(locales),
  path: z.string().meta({
    description:
      'The path in the content folder without `.md` (`logs/hello`; the home page is `index`); an invalid or reserved path is a 400.',
  }),
});
