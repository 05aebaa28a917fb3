import { UserRound } from 'lucide-react';
import { Avatar as RadixAvatar } from 'radix-ui';
import { initials } from '../../lib/initials';
import { useRootData } from '../../lib/root-data';

/** Avatar sizes (docs/spec.md §9: 16 to 48 px). */
const sizes = {
  '3xs': 'size-4 text-[0.5rem]',
  '2xs': 'size-5 text-[0.55rem]',
  xs: 'size-6 text-[0.6rem]',
  sm: 'size-7 text-xs',
  md: 'size-8 text-xs',
  lg: 'size-9 text-sm',
  xl: 'size-10 text-sm',
  '2xl': 'size-11 text-base',
  '3xl': 'size-12 text-lg',
} as const;

/**
 * A round picture: the person's own, else the site's default avatar (settings), else (when that
 * fails to load too) up to two initials of the name.
 */
export function Avatar({
  name,
  src,
  size = 'md',
  className = '',
}: {
  name: string;
  src?: string | null;
  size?: keyof typeof sizes;
  className?: string;
}) {
  const letters = initials(name);
  const { site } = useRootData();
  const picture = src || site.defaultAvatar;
  return (
    <RadixAvatar.Root
      className={`inline-flex shrink-0 select-none items-center justify-center overflow-hidden rounded-full bg-primary-strong/15 align-middle font-semibold text-primary-strong ${sizes[size]} ${className}`}
    >
      {picture ? <RadixAvatar.Image src={picture} alt={name} className="size-full object-cover" /> : null}
      <RadixAvatar.Fallback className="leading-none" delayMs={picture ? 300 : undefined}>
        {letters ? (
          <span role="img" aria-label={name}>
            {letters}
          </span>
        ) : (
          <UserRound role="img" aria-label={name} className="size-3/5" />
        )}
      </RadixAvatar.Fallback>
    </RadixAvatar.Root>
  );
}
