/** The secrets `npm run deploy:workers` asks for (scripts/deploy-workers.mjs). */
export const SECRETS: { name: string; ask: string; needs?: string }[];
export function readDatabase(config: string): { name: string; id: string };
export function withDatabaseId(config: string, id: string): string;
export function createdDatabaseId(output: string): string | undefined;
export function deployedAddress(output: string): string | undefined;
