import type { Config } from '@react-router/dev/config';

// Server rendering on; the server build is plain web-standard code (entry.server uses
// renderToReadableStream) so both the Node and the Workers entry can import it.
export default {
  ssr: true,
  appDirectory: 'app',
  buildDirectory: 'build',
} satisfies Config;
