import { describe, expect, it } from 'vitest';
import { json } from '../../tests/support/config';
import { createTestDeps } from '../../tests/support/deps';
import { createApp } from '../app';

describe('the API before installation', () => {
  it.each(['/api/comments?locale=en&path=about', '/api/search?locale=en&q=notebook'])(
    'answers %s with a clear 503, not a 500',
    async (path) => {
      const { deps } = await createTestDeps();
      const app = createApp(deps);
      const response = await app.request(path);
      expect(response.status).toBe(503);
      expect(await json(response)).toEqual({ statusCode: 503, message: 'Run the database migrations first' });
      const persian = await app.request(path, { headers: { 'x-locale': 'fa' } });
      expect((await json(persian)).message).toBe('نخست مهاجرت‌های پایگاه داده را اجرا کنید');
    },
  );
});
