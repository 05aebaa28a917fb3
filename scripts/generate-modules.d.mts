export const generatedModules: Record<string, () => string>;
