/**
 * A name set apart from the sentence around it (Unicode first-strong isolate), so a Latin name
 * in a Persian sentence, or the reverse, keeps its punctuation and quotes in place.
 */
export const isolate = (text: string) => `\u2068${text}\u2069`;
