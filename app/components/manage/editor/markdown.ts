import { type AnyExtension, getSchema } from '@tiptap/core';
import { MarkdownManager } from '@tiptap/markdown';
import { Node as ProseMirrorNode } from '@tiptap/pm/model';
import { unwrapBareLinks } from './site-link';

/**
 * Markdown → editor document → Markdown without an editor view: what switching from source mode
 * to the WYSIWYG editor and back does. The round-trip test runs the sample pages through it.
 */
export function createMarkdownConverter(extensions: AnyExtension[]) {
  const schema = getSchema(extensions);
  const manager = new MarkdownManager({ extensions });
  return {
    toDocument: (markdown: string) => ProseMirrorNode.fromJSON(schema, manager.parse(markdown)),
    toMarkdown: (doc: ProseMirrorNode) => unwrapBareLinks(manager.serialize(doc.toJSON())),
  };
}
