/**
 * The copy button of code blocks on reading pages (issue 39 §3): the renderer marks each `<pre>`
 * with the button's words in the page's language (`data-copy`, `data-copied`); here the button is
 * added, so pages without the script (feeds, mail, a reader with scripts off) carry no dead button.
 * Plain DOM: a few hundred bytes in the reading script, no framework.
 */
const SHOWN_MS = 2000;

export function enhanceCodeBlocks(root: ParentNode = document) {
  if (!navigator.clipboard?.writeText) return;
  for (const pre of root.querySelectorAll<HTMLElement>('.prose pre[data-copy]')) {
    const words = { copy: pre.dataset.copy ?? '', copied: pre.dataset.copied ?? '' };
    // The block reads left to right in any page: its button sits at its top right, outside the scrolling area.
    const frame = document.createElement('div');
    frame.className = 'code-frame';
    frame.dir = 'ltr';
    const button = document.createElement('button');
    button.type = 'button';
    button.className = 'code-copy';
    button.textContent = words.copy;
    button.setAttribute('aria-live', 'polite');
    let timer: ReturnType<typeof setTimeout> | undefined;
    button.addEventListener('click', () => {
      const text = pre.querySelector('code')?.textContent ?? pre.textContent ?? '';
      navigator.clipboard.writeText(text).then(
        () => {
          button.textContent = words.copied;
          clearTimeout(timer);
          timer = setTimeout(() => {
            button.textContent = words.copy;
          }, SHOWN_MS);
        },
        () => {},
      );
    });
    pre.replaceWith(frame);
    frame.appendChild(pre);
    frame.appendChild(button);
  }
}
