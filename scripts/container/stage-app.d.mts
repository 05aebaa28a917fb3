/** The package-lock.json entries the image keeps (scripts/container/stage-app.mjs). */
export function productionPackages(lock: {
  packages?: Record<string, { dev?: boolean; link?: boolean; optional?: boolean; devOptional?: boolean }>;
}): string[];
