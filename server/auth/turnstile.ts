import { type AppConfig, isTurnstileConfigured } from '../config';
import { AppError } from '../errors';

/**
 * Server-side CAPTCHA check (Cloudflare Turnstile siteverify) when Turnstile is configured;
 * a missing or rejected answer is a 400 and nothing else happens.
 */
export async function requireTurnstile(config: AppConfig, token: string | undefined, ip: string) {
  if (!isTurnstileConfigured(config)) return;
  if (!token) throw new AppError(400, 'api.captchaFailed');
  const body = new URLSearchParams({ secret: config.TURNSTILE_SECRET_KEY ?? '', response: token });
  if (ip) body.set('remoteip', ip);
  let success = false;
  try {
    const response = await fetch(config.TURNSTILE_VERIFY_URL, { method: 'POST', body });
    success = response.ok && ((await response.json()) as { success?: boolean }).success === true;
  } catch {
    success = false;
  }
  if (!success) throw new AppError(400, 'api.captchaFailed');
}
