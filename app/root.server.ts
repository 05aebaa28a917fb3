import { pageAppearance } from '../common/appearance';
import { zoneLabel } from '../common/format';
import { isTurnstileConfigured } from '../server/config';
import { installStatus } from '../server/services/installer';
import type { Route } from './+types/root';
import { serverContext } from './lib/app-context.server';
import { previewAppearance, previewRootData } from './lib/appearance.server';
import type { RootData } from './lib/root-data';

/** The root's data: the request state createApp resolved, plus the installer's status before installation. */
export async function loadRoot(args: Route.LoaderArgs): Promise<RootData> {
  const { context } = args;
  const { deps, nonce, state } = serverContext(context);
  // The Appearance screen's preview of an unsaved look, for those who may save it (else null).
  const preview = state.installed ? await previewAppearance(args) : null;
  const appearance = preview?.appearance ?? state.appearance;
  return {
    locale: state.locale,
    installed: state.installed,
    site: state.site,
    nonce,
    install: state.installed ? undefined : await installStatus(deps),
    // Public by design: the browser renders the CAPTCHA widget with it.
    turnstileSiteKey: isTurnstileConfigured(deps.config) ? deps.config.TURNSTILE_SITE_KEY : undefined,
    newsletter: state.installed && Boolean(deps.mailer),
    mail: state.installed && Boolean(deps.mailer),
    zoneLabel: zoneLabel(state.locale, state.site.timeZone),
    ...(state.installed && state.headTags ? { headTags: state.headTags } : {}),
    ...(state.installed && appearance ? { appearance: pageAppearance(appearance) } : {}),
    ...(preview ? previewRootData(preview) : {}),
  };
}
