import type { Element, Root as HastRoot } from 'hast';
import { toString as hastToString } from 'hast-util-to-string';
import { blockDirection, DIRECTED_BLOCKS, type Direction } from '../../common/text-direction';

/**
 * Gives each block whose text runs against the page (a wholly Latin paragraph on a Persian page, a
 * wholly Persian list on an English one) its own `dir`, by the rule the editor uses too
 * (common/text-direction.ts). Blocks that follow the page get nothing: they inherit it. List items,
 * code and table cells are never given one (they follow their list, stay left to right, or take
 * their own per line in CSS). A `dir` already on an element (raw HTML the sanitiser kept) is the
 * author's mark and wins.
 */
export function setBlockDirections(tree: HastRoot, pageDirection: Direction) {
  const walk = (node: HastRoot | Element, around: Direction) => {
    for (const child of node.children) {
      if (child.type !== 'element') continue;
      const own = child.properties.dir;
      if (own === 'ltr' || own === 'rtl') {
        walk(child, own);
        continue;
      }
      if (child.tagName === 'pre' || child.tagName === 'code' || child.tagName === 'li' || child.tagName === 'table') continue;
      if (DIRECTED_BLOCKS.has(child.tagName)) {
        const direction = blockDirection(hastToString(child), around);
        if (direction !== around) child.properties.dir = direction;
        // A list is one block: its items and their paragraphs follow it.
        if (child.tagName === 'ul' || child.tagName === 'ol') continue;
        walk(child, direction);
        continue;
      }
      walk(child, around);
    }
  };
  walk(tree, pageDirection);
}
