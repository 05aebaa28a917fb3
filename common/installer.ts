/** Where an installation stands, as the server reports it and the installer screen shows it. */
export type InstallStatus = {
  installed: boolean;
  dbConnected: boolean;
  dbMigrated: boolean;
  dbLoaded: boolean;
  adminLoaded: boolean;
  database: { driver: string; location: string };
  github: { valid: boolean };
  turnstile: { valid: boolean };
};

/** The attribute the installer's outermost element carries, so the browser entry can recognise the page. */
export const INSTALLER_MARKER = 'data-installer';
