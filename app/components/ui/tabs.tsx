import { Tabs as RadixTabs } from 'radix-ui';
import type { ComponentProps } from 'react';

/*
 * Tabs (Radix): arrow keys move between tabs and follow the reading direction, so the root takes
 * the page's `dir`.
 */
export const Tabs = RadixTabs.Root;

export function TabsList({ className = '', ...props }: ComponentProps<typeof RadixTabs.List>) {
  return <RadixTabs.List className={`flex gap-1 border-b border-border ${className}`} {...props} />;
}

export function TabsTrigger({ className = '', ...props }: ComponentProps<typeof RadixTabs.Trigger>) {
  return (
    <RadixTabs.Trigger
      className={`-mb-px inline-flex items-center gap-2 border-b-2 border-transparent px-4 py-2 text-sm font-medium text-fg-muted hover:text-fg data-[state=active]:border-primary data-[state=active]:text-fg ${className}`}
      {...props}
    />
  );
}

export function TabsContent({ className = '', ...props }: ComponentProps<typeof RadixTabs.Content>) {
  return <RadixTabs.Content className={`pt-4 focus-visible:outline-none ${className}`} {...props} />;
}
