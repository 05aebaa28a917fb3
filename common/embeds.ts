/**
 * Video embeds without tracking (issue 26): a YouTube, Vimeo or Aparat address alone on a line of
 * a page. The stored HTML keeps the plain link (feeds and mail show it as such); reading pages
 * turn it into a local poster with a play button and load the provider's player only when the
 * reader asks (app/reading/embeds.ts). The CSP's `frame-src` names exactly these hosts.
 */
export type Embed = { provider: 'YouTube' | 'Vimeo' | 'Aparat'; src: string };

export const EMBED_FRAME_HOSTS = ['https://www.youtube-nocookie.com', 'https://player.vimeo.com', 'https://www.aparat.com'];

const YOUTUBE_ID = /^[A-Za-z0-9_-]{11}$/;

/** The player address of a video page's address, or undefined for anything else. */
export function embedOf(address: string): Embed | undefined {
  let url: URL;
  try {
    url = new URL(address);
  } catch {
    return undefined;
  }
  if (url.protocol !== 'https:' && url.protocol !== 'http:') return undefined;
  const host = url.hostname.toLowerCase().replace(/^(www\.|m\.)/, '');
  const parts = url.pathname.split('/').filter(Boolean);
  if (host === 'youtube.com' || host === 'youtu.be') {
    const id =
      host === 'youtu.be'
        ? parts[0]
        : parts[0] === 'watch'
          ? url.searchParams.get('v')
          : parts[0] === 'shorts' || parts[0] === 'embed' || parts[0] === 'live'
            ? parts[1]
            : undefined;
    return id && YOUTUBE_ID.test(id) ? { provider: 'YouTube', src: `https://www.youtube-nocookie.com/embed/${id}` } : undefined;
  }
  if (host === 'vimeo.com' && parts.length === 1 && /^\d{1,12}$/.test(parts[0]!))
    return { provider: 'Vimeo', src: `https://player.vimeo.com/video/${parts[0]}?dnt=1` };
  if (host === 'aparat.com' && parts.length === 2 && parts[0] === 'v' && /^[A-Za-z0-9]{1,20}$/.test(parts[1] ?? ''))
    return { provider: 'Aparat', src: `https://www.aparat.com/video/video/embed/videohash/${parts[1]}/vt/frame` };
  return undefined;
}
