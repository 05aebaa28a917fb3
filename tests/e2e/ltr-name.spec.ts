import { createElement } from 'react';
import { renderToStaticMarkup } from 'react-dom/server';
import { LtrName } from '../../app/components/ui/ltr-name';
import { expect, test } from './fixtures';

/*
 * D21, measured in Chromium: a generated file name that starts in Persian keeps its hash whole and
 * in order, in a Persian (right-to-left) screen. Without the per-part isolation the hash's leading
 * «01» joined the Persian run (bidi rule W2) and was drawn away from «ba751e.webp».
 */

const NAME = 'عکس-سفر-۱۴۰۵-01ba751e.webp';

test('a Persian file name keeps its hash whole and left to right inside Persian text', async ({ page }) => {
  const markup = renderToStaticMarkup(createElement(LtrName, { value: NAME }));
  await page.setContent(`<html lang="fa" dir="rtl"><body style="font-size:20px"><p>پرونده: ${markup} ساخته شد</p></body></html>`);
  // The x of each character of the hash, in the order the name holds them.
  const xs = await page.evaluate(() => {
    const outer = document.querySelector('p > bdi') as HTMLElement;
    const walker = document.createTreeWalker(outer, NodeFilter.SHOW_TEXT);
    const positions: Array<{ char: string; x: number }> = [];
    for (let node = walker.nextNode(); node; node = walker.nextNode()) {
      const text = node.textContent ?? '';
      for (let i = 0; i < text.length; i++) {
        const range = document.createRange();
        range.setStart(node, i);
        range.setEnd(node, i + 1);
        positions.push({ char: text[i] as string, x: range.getBoundingClientRect().x });
      }
    }
    return positions;
  });
  expect(xs.map((p) => p.char).join('')).toBe(NAME);
  const hash = xs.slice(NAME.indexOf('01ba751e'), NAME.length);
  // Left to right, each character right of the one before it.
  for (let i = 1; i < hash.length; i++)
    expect(hash[i]?.x, `${hash[i]?.char} after ${hash[i - 1]?.char}`).toBeGreaterThan(hash[i - 1]?.x ?? 0);
  // And the whole hash right of the Persian words (the name reads left to right from its start).
  const persianStart = xs[0]?.x ?? 0;
  expect(hash[0]?.x).toBeGreaterThan(persianStart);
  // Copying gives the name as it is: no invisible marks were added.
  expect(markup.replace(/<[^>]+>/g, '')).toBe(NAME);
});
