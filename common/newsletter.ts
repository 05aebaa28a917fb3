import type { Locale } from './locales';

/** Shapes the newsletter's API and dashboard share (server/services/newsletter.ts). */
export const subscriberStatuses = ['pending', 'subscribed', 'unsubscribed'] as const;
export type SubscriberStatus = (typeof subscriberStatuses)[number];

export type SubscriberItem = { id: number; email: string; locale: Locale; status: SubscriberStatus; createdAt: string };

/** An issue with its send progress: every recipient ends as sent or failed. */
export type IssueProgress = { total: number; sent: number; failed: number };
export type IssueSummary = IssueProgress & { id: number; locale: Locale; slug: string; subject: string; createdAt: string };

/** A published page the dashboard can send. */
export type SendablePage = { locale: Locale; slug: string; title: string };
