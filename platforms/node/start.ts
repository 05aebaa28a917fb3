import module from 'node:module';

/**
 * `npm run serve` (build/node/server.js): V8's compiled code of the server's modules is kept on
 * disk between starts (Node's compile cache, in the system's temp folder), so a restart does not
 * compile them again; it must be on before they load, hence this entry and the dynamic import.
 * The server flushes the cache once it listens (platforms/node/server.ts).
 */
module.enableCompileCache?.();
await import('./server');
