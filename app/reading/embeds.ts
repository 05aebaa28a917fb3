/**
 * Video embeds on reading pages (issue 26, common/embeds.ts): the renderer marks a video address
 * alone on its line with the player's address; here it becomes a local poster with a play button,
 * and the provider's player (an iframe) is inserted only when the reader presses it. Until then
 * nothing is requested from YouTube, Vimeo or Aparat.
 */
const PLAY_ICON =
  '<svg aria-hidden="true" viewBox="0 0 68 48" width="68" height="48"><rect width="68" height="48" rx="12" fill="currentColor"/><path d="M27 15v18l16-9z" fill="#fff"/></svg>';

export function enhanceEmbeds(root: ParentNode = document) {
  for (const paragraph of root.querySelectorAll<HTMLElement>('p.embed[data-embed-src]')) {
    const src = paragraph.dataset.embedSrc ?? '';
    const label = paragraph.dataset.embedLabel ?? '';
    const link = paragraph.querySelector('a');
    if (!src.startsWith('https://') || !link) continue;
    const poster = document.createElement('button');
    poster.type = 'button';
    poster.className = 'embed-poster';
    poster.setAttribute('aria-label', label);
    poster.innerHTML = PLAY_ICON;
    const caption = document.createElement('span');
    caption.className = 'embed-caption';
    caption.dir = 'ltr';
    caption.textContent = link.textContent;
    poster.appendChild(caption);
    poster.addEventListener('click', () => {
      const frame = document.createElement('iframe');
      frame.src = `${src}${src.includes('?') ? '&' : '?'}autoplay=1`;
      frame.title = label;
      frame.allow = 'autoplay; encrypted-media; picture-in-picture; fullscreen';
      frame.allowFullscreen = true;
      frame.referrerPolicy = 'strict-origin-when-cross-origin';
      frame.className = 'embed-frame';
      poster.replaceWith(frame);
      frame.focus();
    });
    link.replaceWith(poster);
  }
}
