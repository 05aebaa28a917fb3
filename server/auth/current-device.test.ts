import { describe, expect, it } from 'vitest';
import { createInstalledSite } from '../../tests/support/site';
import { currentDeviceId } from './current-device';
import { createSession, recordDevice } from './sessions';

const client = { ip: '127.0.0.1', userAgent: 'vitest' };
const page = (cookie?: string) => new Request('http://localhost/en/profile', { headers: cookie ? { cookie } : {} });

describe('current device of a page request', () => {
  it('is the device the session was started from', async () => {
    const { deps, ids } = await createInstalledSite();
    const deviceId = await recordDevice(deps.db, ids.member, 'ab'.repeat(32), client);
    await recordDevice(deps.db, ids.member, 'cd'.repeat(32), client);
    const { token } = await createSession(deps.db, ids.member, client, deviceId);
    expect(await currentDeviceId(deps.db, page(`theme=dark; daftar_session=${token}`))).toBe(deviceId);
  });

  it('is null without a device key, a cookie or a live session', async () => {
    const { deps, ids } = await createInstalledSite();
    const { token } = await createSession(deps.db, ids.member, client);
    expect(await currentDeviceId(deps.db, page(`daftar_session=${token}`))).toBeNull();
    expect(await currentDeviceId(deps.db, page())).toBeNull();
    expect(await currentDeviceId(deps.db, page('daftar_session=unknown'))).toBeNull();
  });
});
