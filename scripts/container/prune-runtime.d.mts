/** Packages the image leaves out of node_modules (scripts/container/prune-runtime.mjs). */
export const REMOVED: string[];
export function importsOfRemoved(source: string): string[];
