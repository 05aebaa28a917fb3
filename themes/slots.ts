import type { ComponentType, ReactNode } from 'react';
import type { BodySegment, PageSummary, ResolvedWidget } from '../common/content';
import type { Locale } from '../common/locales';

/*
 * The named places a theme may fill with its own React component (docs/themes.md). Each is
 * rendered on the server only: reading pages do not hydrate (docs/decisions/0007), so a slot adds
 * no script for readers. A theme that leaves a slot out gets Daftar's own component there.
 */

/** The home page's data, as its loader reads it. */
export type HomeSlotProps = {
  locale: Locale;
  /** The intro page (content/{locale}/index.md), or null when the site has none. */
  page: { title: string; description: string; body: BodySegment[]; widgets: ResolvedWidget[] } | null;
  /**
   * The intro page's body as Daftar renders it (its widgets, and a members page's note): a theme
   * places it, so it never imports the body's components (which draw lists through the theme).
   */
  intro: ReactNode;
  latest: PageSummary[];
  totalLogs: number;
  /** The theme's options as saved (every key of its manifest present). */
  options: Record<string, string>;
};

/** One dated page in a list (home, logs, category, tag, author, date archive, the latest-logs widget). */
export type ListItemSlotProps = {
  locale: Locale;
  item: PageSummary;
  headingLevel: 2 | 3;
  options: Record<string, string>;
};

/** The footer, under every public page. `credit` is the site's footer text in the page's language. */
export type FooterSlotProps = { locale: Locale; credit: string; options: Record<string, string> };

export type ThemeSlots = {
  home?: ComponentType<HomeSlotProps>;
  listItem?: ComponentType<ListItemSlotProps>;
  footer?: ComponentType<FooterSlotProps>;
};
