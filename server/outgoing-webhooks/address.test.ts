import { describe, expect, it } from 'vitest';
import { isPrivateAddress, refuseWebhookUrl } from './address';

const refuse = (url: string) => refuseWebhookUrl(url, { allowPrivate: false });

describe('outgoing webhook addresses', () => {
  it('refuses private, loopback, link-local, CGNAT, multicast and metadata IPv4 addresses', () => {
    for (const address of [
      '0.0.0.0',
      '10.1.2.3',
      '100.64.0.1',
      '100.127.255.254',
      '127.0.0.1',
      '127.255.255.255',
      '169.254.169.254',
      '172.16.0.1',
      '172.31.255.255',
      '192.168.1.1',
      '192.0.2.10',
      '198.18.0.1',
      '224.0.0.1',
      '239.255.255.250',
      '255.255.255.255',
    ])
      expect(isPrivateAddress(address), address).toBe(true);
    for (const address of ['1.1.1.1', '8.8.8.8', '100.128.0.1', '172.32.0.1', '93.184.216.34', '169.253.1.1'])
      expect(isPrivateAddress(address), address).toBe(false);
  });

  it('refuses IPv6 loopback, unspecified, unique-local, link-local, multicast and IPv4 inside IPv6', () => {
    for (const address of [
      '::',
      '::1',
      '[::1]',
      '0:0:0:0:0:0:0:1',
      'fc00::1',
      'fd00:ec2::254',
      'fe80::1',
      'fe80::1%eth0',
      'ff02::1',
      '::ffff:127.0.0.1',
      '::ffff:7f00:1',
      '::ffff:a9fe:a9fe',
      '64:ff9b::10.0.0.1',
      '2002:7f00:1::',
      '2001:db8::1',
      'not-an-address',
    ])
      expect(isPrivateAddress(address), address).toBe(true);
    for (const address of ['2606:4700:4700::1111', '2001:4860:4860::8888', '::ffff:8.8.8.8'])
      expect(isPrivateAddress(address), address).toBe(false);
  });

  it('judges URLs after the parser normalised them: decimal, octal, hex and short IPv4 forms are 127.0.0.1', () => {
    for (const url of [
      'http://127.0.0.1/hook',
      'http://2130706433/',
      'http://0177.0.0.1/',
      'http://017700000001/',
      'http://0x7f.0.0.1/',
      'http://0x7f000001/',
      'http://127.1/',
      'http://[::1]:8080/',
      'http://[::ffff:127.0.0.1]/',
      'http://169.254.169.254/latest/meta-data/',
      'http://[fd00:ec2::254]/',
      'http://10.0.0.5/',
      'http://localhost:3000/',
      'http://app.localhost/',
      'http://metadata.google.internal/computeMetadata/v1/',
      'http://printer.local/',
      'http://intranet/',
      'http://example.com./',
    ])
      expect(refuse(url), url).toBe('private');
    expect(refuse('https://hooks.example.com/daftar')).toBeUndefined();
    expect(refuse('http://93.184.216.34:8080/x')).toBeUndefined();
  });

  it('refuses other schemes, credentials in the URL and what is not a URL', () => {
    expect(refuse('ftp://example.com/')).toBe('scheme');
    expect(refuse('file:///etc/passwd')).toBe('scheme');
    expect(refuse('javascript:alert(1)')).toBe('scheme');
    expect(refuse('gopher://example.com/')).toBe('scheme');
    expect(refuse('https://user:pass@example.com/')).toBe('credentials');
    expect(refuse('example.com/hook')).toBe('invalid');
    expect(refuse('')).toBe('invalid');
    expect(refuse(`https://example.com/${'a'.repeat(2001)}`)).toBe('invalid');
  });

  it('allows private addresses only when the option says so (the scheme and credential rules stay)', () => {
    const allowed = { allowPrivate: true };
    expect(refuseWebhookUrl('http://127.0.0.1:9999/hook', allowed)).toBeUndefined();
    expect(refuseWebhookUrl('http://localhost/', allowed)).toBeUndefined();
    expect(refuseWebhookUrl('ftp://127.0.0.1/', allowed)).toBe('scheme');
    expect(refuseWebhookUrl('http://u:p@127.0.0.1/', allowed)).toBe('credentials');
  });
});
