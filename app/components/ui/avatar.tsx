import { UserRound } from 'lucide-react';
import { Avatar as RadixAvatar } from 'radix-ui';
import { initials } from '../../lib/initials';

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

/** A round picture, or up to two initials of the name when there is none (or it fails to load). */
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
  return (
    <RadixAvatar.Root
      className={`inline-flex shrink-0 select-none items-center justify-center overflow-hidden rounded-full bg-primary-strong/15 align-middle font-semibold text-primary-strong ${sizes[size]} ${className}`}
    >
      {src ? <RadixAvatar.Image src={src} alt={name} className="size-full object-cover" /> : null}
      <RadixAvatar.Fallback className="leading-none" delayMs={src ? 300 : undefined}>
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
