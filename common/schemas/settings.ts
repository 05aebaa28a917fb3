import { z } from 'zod';
import { canonicalTimeZone } from '../format';
import { isLocale } from '../locales';
import { messageRef, tooLong } from '../messages';
import { isHttpUrl, isSameSitePath } from '../site-path';
import type { SiteSettings } from '../site-settings';
import { isExternalTarget } from '../site-settings';
import { accountRequestSchema } from './account';

/*
 * `PUT /api/settings` and the settings form (docs/spec.md: app block, menus, cats) validate with
 * this one schema. Messages are keys into common/messages.ts, so both sides speak both languages.
 */

export const SETTINGS_LIMITS = {
  siteName: 60,
  title: 120,
  description: 300,
  footer: 500,
  label: 40,
  address: 2000,
  mainMenu: 12,
  dashMenu: 20,
  cats: 50,
  slug: 40,
} as const;

const tooMany = (max: number) => messageRef('validation.tooMany', { max });
const text = (max: number) => z.string().trim().min(1, 'validation.required').max(max, tooLong(max));
const bilingual = (max: number) => z.object({ fa: text(max), en: text(max) });

/** A default picture: a path on this site (an upload, `/media/…`) or an http(s) address; never `javascript:` or `data:`. */
const imageAddress = z
  .string()
  .trim()
  .min(1, 'validation.required')
  .max(SETTINGS_LIMITS.address, tooLong(SETTINGS_LIMITS.address))
  .refine((value) => isSameSitePath(value) || isHttpUrl(value), 'validation.imageAddress');

/**
 * A main-menu target: an http(s) address, or a path on this site written without the language
 * (`/about`; links add `/fa` or `/en`), so one entry serves both languages.
 */
const menuTarget = z
  .string()
  .trim()
  .min(1, 'validation.required')
  .max(SETTINGS_LIMITS.address, tooLong(SETTINGS_LIMITS.address))
  .superRefine((value, ctx) => {
    if (isExternalTarget(value) ? isHttpUrl(value) : isSameSitePath(value)) {
      if (!isExternalTarget(value) && isLocale(value.split(/[/?#]/)[1]))
        ctx.addIssue({ code: 'custom', message: 'validation.menuTargetLocale' });
      return;
    }
    ctx.addIssue({ code: 'custom', message: 'validation.menuTarget' });
  });

/** Dashboard menu entries stay inside the dashboard. */
const dashTarget = menuTarget.refine((value) => value === '/manage' || value.startsWith('/manage/'), 'validation.dashTarget');

const menuEntry = (to: z.ZodType<string, string>) => z.object({ label: bilingual(SETTINGS_LIMITS.label), to });

/**
 * A category slug, as front matter's `cat:` names it: a letter first (the form addresses labels by
 * slug, and a leading digit would read as a list index), then letters, digits, `-` or `_`.
 */
export const categorySlug = z
  .string()
  .trim()
  .min(1, 'validation.required')
  .max(SETTINGS_LIMITS.slug, tooLong(SETTINGS_LIMITS.slug))
  .regex(/^\p{L}[\p{L}\p{N}_-]*$/u, 'validation.categorySlug');

export const categoryLabels = bilingual(SETTINGS_LIMITS.label);

/** Adds an issue at each later copy of a value already seen in the list. */
function refuseDuplicates(values: string[], path: (index: number) => PropertyKey[], ctx: z.RefinementCtx) {
  const seen = new Set<string>();
  values.forEach((value, index) => {
    const key = value.toLowerCase();
    if (seen.has(key)) ctx.addIssue({ code: 'custom', message: 'validation.duplicate', path: path(index) });
    seen.add(key);
  });
}

/** An IANA time zone name this runtime knows, in its own spelling (`asia/tehran` → `Asia/Tehran`). */
export const timeZoneSchema = z
  .string('validation.timeZone')
  .trim()
  .transform((name, ctx) => {
    const zone = canonicalTimeZone(name);
    if (zone) return zone;
    ctx.addIssue({ code: 'custom', message: 'validation.timeZone' });
    return z.NEVER;
  });

export const siteSettingsSchema = z
  .object({
    siteName: bilingual(SETTINGS_LIMITS.siteName),
    title: bilingual(SETTINGS_LIMITS.title),
    description: bilingual(SETTINGS_LIMITS.description),
    footer: bilingual(SETTINGS_LIMITS.footer),
    defaultBanner: imageAddress,
    defaultAvatar: imageAddress,
    mainMenu: z.array(menuEntry(menuTarget)).max(SETTINGS_LIMITS.mainMenu, tooMany(SETTINGS_LIMITS.mainMenu)),
    dashMenu: z.array(menuEntry(dashTarget)).max(SETTINGS_LIMITS.dashMenu, tooMany(SETTINGS_LIMITS.dashMenu)),
    cats: z.array(categorySlug).max(SETTINGS_LIMITS.cats, tooMany(SETTINGS_LIMITS.cats)),
    catLabels: z
      .record(z.string(), categoryLabels)
      .refine((labels) => Object.keys(labels).length <= SETTINGS_LIMITS.cats, tooMany(SETTINGS_LIMITS.cats)),
    indexable: z.boolean('validation.boolean'),
    timeZone: timeZoneSchema,
    persianDigits: z.boolean('validation.boolean'),
  })
  .superRefine((settings, ctx) => {
    refuseDuplicates(
      settings.mainMenu.map((entry) => entry.to),
      (index) => ['mainMenu', index, 'to'],
      ctx,
    );
    refuseDuplicates(
      settings.dashMenu.map((entry) => entry.to),
      (index) => ['dashMenu', index, 'to'],
      ctx,
    );
    refuseDuplicates(settings.cats, (index) => ['cats', index], ctx);
    // Every category has its two names, and there are no names for categories the list lacks.
    for (const cat of settings.cats)
      if (!settings.catLabels[cat]) ctx.addIssue({ code: 'custom', message: 'validation.required', path: ['catLabels', cat] });
    for (const cat of Object.keys(settings.catLabels))
      if (!settings.cats.includes(cat)) ctx.addIssue({ code: 'custom', message: 'validation.invalid', path: ['catLabels', cat] });
  });

/** What GET returns and PUT takes: the whole settings object (common/site-settings.ts). */
export type SiteSettingsInput = z.infer<typeof siteSettingsSchema>;

// The schema and the settings type describe the same object; this fails to compile if they drift.
type Same<A, B> = [A] extends [B] ? ([B] extends [A] ? true : false) : false;
const schemaMatchesType: Same<SiteSettingsInput, SiteSettings> = true;
void schemaMatchesType;

/**
 * Body of POST /api/install/admin-loading: the owner's account, and the site's time zone the
 * installer preselects (`Asia/Tehran`); a call without one leaves the default.
 */
export const installOwnerSchema = accountRequestSchema.extend({ timeZone: timeZoneSchema.optional() });
export type InstallOwnerRequest = z.infer<typeof installOwnerSchema>;
