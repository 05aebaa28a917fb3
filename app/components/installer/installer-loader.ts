import type { Installer } from './installer';

type InstallerComponent = typeof Installer;
let loaded: InstallerComponent | undefined;

/**
 * The installer's code, fetched on demand: public pages never download it. The browser fetches it
 * before hydrating an installer page (entry.client.tsx), so React finds it ready and the
 * server-rendered step stays on screen instead of blanking until the chunk arrives.
 */
export async function loadInstaller(): Promise<InstallerComponent> {
  loaded ??= (await import('./installer')).Installer;
  return loaded;
}

/** The installer if its code is already here, else undefined. */
export function loadedInstaller(): InstallerComponent | undefined {
  return loaded;
}
