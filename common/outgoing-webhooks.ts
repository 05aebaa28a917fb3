import { z } from 'zod';

/*
 * Outgoing webhooks (issue 28 item 5; docs/outgoing-webhooks.md): the events an endpoint can ask
 * for and the shapes the dashboard reads. Not the incoming GitHub push webhook.
 */

/** Every event Daftar sends, in the order the dashboard lists them. */
export const outgoingWebhookEvents = [
  'page.published',
  'page.deleted',
  'comment.created',
  'subscriber.confirmed',
  'build.published',
] as const;
export type OutgoingWebhookEvent = (typeof outgoingWebhookEvents)[number];

/** The message key of an event's name (`webhooks.events.page_published`: i18next reads dots as nesting). */
export const eventLabelKey = (event: OutgoingWebhookEvent | 'ping') => `webhooks.events.${event.replace('.', '_')}`;

/** The header carrying the signature: `t=<unix seconds>,v1=<hex HMAC-SHA256 of "<t>.<body>">`. */
export const SIGNATURE_HEADER = 'X-Daftar-Signature';
export const EVENT_HEADER = 'X-Daftar-Event';
export const DELIVERY_HEADER = 'X-Daftar-Delivery';

/** When each attempt after the first is made, counted from the one before: 1 min, 5 min, 30 min, 2 h, 6 h. */
export const RETRY_DELAYS_MS = [60_000, 5 * 60_000, 30 * 60_000, 2 * 3_600_000, 6 * 3_600_000] as const;
/** The first attempt and one per delay: after this many a delivery has failed for good. */
export const MAX_ATTEMPTS = RETRY_DELAYS_MS.length + 1;
export const DELIVERY_TIMEOUT_MS = 10_000;
/** How much of a receiver's answer is kept for the log. */
export const SNIPPET_CHARS = 500;
export const DELIVERIES_PAGE_SIZE = 20;
/** At most this many endpoints per site. */
export const MAX_OUTGOING_WEBHOOKS = 20;

export type DeliveryStatus = 'pending' | 'sending' | 'delivered' | 'failed';

/** An endpoint as the dashboard sees it: never its secret. */
export type OutgoingWebhookItem = {
  id: number;
  url: string;
  description: string;
  events: OutgoingWebhookEvent[];
  enabled: boolean;
  createdAt: string;
  /** The latest delivery's outcome, for the list. */
  last: { status: DeliveryStatus; code: number | null; at: string | null } | null;
};

export type DeliveryItem = {
  id: number;
  eventId: string;
  event: OutgoingWebhookEvent | 'ping';
  status: DeliveryStatus;
  attempts: number;
  code: number | null;
  error: string | null;
  snippet: string | null;
  durationMs: number | null;
  createdAt: string;
  lastAttemptAt: string | null;
  nextAttemptAt: string | null;
};

export type DeliveryPage = { items: DeliveryItem[]; total: number; page: number; pageSize: number };

/** The longest endpoint address accepted. */
export const MAX_WEBHOOK_URL_LENGTH = 2000;

/** An endpoint as the owner writes it (the dashboard's form and `POST /api/outgoing-webhooks`). */
export const outgoingWebhookSchema = z.object({
  url: z
    .string()
    .trim()
    .min(1, 'validation.required')
    .max(MAX_WEBHOOK_URL_LENGTH, 'validation.invalid')
    .meta({ description: 'http(s) address; private, loopback and link-local addresses are refused.' }),
  events: z.array(z.enum(outgoingWebhookEvents, 'validation.invalid')).min(1, 'api.outgoingWebhookNoEvents').max(10),
  description: z.string().max(200, 'validation.invalid').optional(),
  enabled: z.boolean().optional(),
});
export type OutgoingWebhookInput = z.infer<typeof outgoingWebhookSchema>;
export const outgoingWebhookUpdateSchema = outgoingWebhookSchema.partial();
