import { Turnstile } from '@marsidev/react-turnstile';
import { useRootData } from '../../lib/root-data';

/** The Turnstile widget, shown only when the server has Turnstile configured. */
export function Captcha({ onToken }: { onToken: (token: string | undefined) => void }) {
  const { turnstileSiteKey, locale } = useRootData();
  if (!turnstileSiteKey) return null;
  return (
    <Turnstile
      siteKey={turnstileSiteKey}
      options={{ language: locale, theme: 'auto' }}
      onSuccess={onToken}
      onExpire={() => onToken(undefined)}
      onError={() => onToken(undefined)}
    />
  );
}
