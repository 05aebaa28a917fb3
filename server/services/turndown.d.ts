// Types for the two HTML-to-Markdown packages the site importers use (neither ships its own).
declare module 'turndown' {
  // The DOM's own element type (turndown hands its rules elements of its HTML parser).
  type Node = HTMLElement;
  type Rule = {
    filter: string | string[] | ((node: Node) => boolean);
    replacement: (content: string, node: Node) => string;
  };
  export default class TurndownService {
    constructor(options?: Record<string, unknown>);
    use(plugin: unknown): this;
    addRule(name: string, rule: Rule): this;
    remove(filter: string | string[]): this;
    keep(filter: string | string[]): this;
    escape(text: string): string;
    turndown(html: string): string;
  }
}
declare module 'turndown-plugin-gfm' {
  export const gfm: unknown;
}
