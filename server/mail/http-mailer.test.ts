import { createServer, type IncomingMessage } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { testConfig } from '../../tests/support/config';
import { createHttpMailer, httpMailerFromConfig } from './http-mailer';
import { mailSenders } from './mailer';

/** A local stand-in for Resend's send endpoint: records each request, answers with the next status. */
const requests: { headers: IncomingMessage['headers']; body: unknown }[] = [];
let status = 200;
const server = createServer((request, response) => {
  let body = '';
  request.on('data', (chunk) => {
    body += chunk;
  });
  request.on('end', () => {
    requests.push({ headers: request.headers, body: JSON.parse(body) });
    response
      .writeHead(status, { 'content-type': 'application/json' })
      .end(status < 300 ? '{"id":"1"}' : '{"message":"domain not verified"}');
  });
});
let url = '';
beforeAll(async () => {
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  url = `http://127.0.0.1:${(server.address() as AddressInfo).port}/emails`;
});
afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));

describe('mail senders per language (MAIL_FROM, MAIL_FROM_FA, MAIL_FROM_EN)', () => {
  it('one MAIL_FROM serves both languages; a language’s own sender wins; both languages need one', () => {
    expect(mailSenders({ MAIL_FROM: 'Daftar <n@s.test>' })).toEqual({ fa: 'Daftar <n@s.test>', en: 'Daftar <n@s.test>' });
    expect(mailSenders({ MAIL_FROM: 'Daftar <n@s.test>', MAIL_FROM_FA: 'دفتر <n@s.test>' })).toEqual({
      fa: 'دفتر <n@s.test>',
      en: 'Daftar <n@s.test>',
    });
    expect(mailSenders({ MAIL_FROM_FA: 'دفتر <n@s.test>', MAIL_FROM_EN: 'Daftar <n@s.test>' })).toEqual({
      fa: 'دفتر <n@s.test>',
      en: 'Daftar <n@s.test>',
    });
    expect(mailSenders({ MAIL_FROM_EN: 'Daftar <n@s.test>' })).toBeUndefined();
    expect(mailSenders({})).toBeUndefined();
  });

  it('refuses at start a sender that is not an address or a name with one, naming the variable', () => {
    expect(testConfig({ MAIL_FROM_FA: ' دفتر سارا <news@s.test> ' }).MAIL_FROM_FA).toBe('دفتر سارا <news@s.test>');
    expect(testConfig({ MAIL_FROM: 'news@s.test' }).MAIL_FROM).toBe('news@s.test');
    expect(testConfig({ MAIL_FROM: '"Daftar, the site" <news@s.test>' }).MAIL_FROM).toBe('"Daftar, the site" <news@s.test>');
    for (const bad of [
      'Daftar',
      'news@',
      'Daftar news@s.test',
      'Daftar <news@s.test',
      'a <b@c.d> <e@f.g>',
      'x\r\nBcc: y@z.test <a@b.c>',
    ])
      expect(() => testConfig({ MAIL_FROM_FA: bad }), bad).toThrow(/MAIL_FROM_FA must be an address/);
    expect(() => testConfig({ MAIL_FROM: 'nobody' })).toThrow(/MAIL_FROM must be an address/);
  });
});

describe('HTTP email API mailer (Workers)', () => {
  it('posts Resend-style JSON with the key as a bearer token, headers included', async () => {
    const mailer = createHttpMailer({
      apiUrl: url,
      apiKey: 're_key',
      from: { fa: 'دفتر <news@s.test>', en: 'Daftar <news@s.test>' },
    });
    await mailer.send({
      to: 'r@x.test',
      locale: 'en',
      subject: 'S',
      html: '<p>h</p>',
      text: 't',
      headers: { 'List-Unsubscribe': '<https://s.test/u>' },
    });
    const last = requests.at(-1);
    expect(last?.headers.authorization).toBe('Bearer re_key');
    expect(last?.body).toEqual({
      from: 'Daftar <news@s.test>',
      to: ['r@x.test'],
      subject: 'S',
      html: '<p>h</p>',
      text: 't',
      // The message's language goes with it (D16).
      headers: { 'Content-Language': 'en', 'List-Unsubscribe': '<https://s.test/u>' },
    });
    expect(mailer.description).toBe(`HTTP API ${new URL(url).host}`);
    await mailer.send({ to: 'r@x.test', locale: 'fa', subject: 'S', html: '', text: '' });
    expect(requests.at(-1)?.body).toMatchObject({ from: 'دفتر <news@s.test>', headers: { 'Content-Language': 'fa' } });
  });

  it('throws with the API’s answer when it refuses', async () => {
    status = 403;
    const mailer = createHttpMailer({ apiUrl: url, apiKey: 'k', from: { fa: 'a@s.test', en: 'a@s.test' } });
    await expect(mailer.send({ to: 'r@x.test', locale: 'fa', subject: 'S', html: '', text: '' })).rejects.toThrow(
      'The email API answered 403: {"message":"domain not verified"}',
    );
    status = 200;
  });

  it('is configured only with both MAIL_API_KEY and MAIL_FROM; MAIL_API_URL defaults to Resend', () => {
    expect(httpMailerFromConfig(testConfig({ MAIL_API_KEY: 'k' }))).toBeUndefined();
    expect(httpMailerFromConfig(testConfig({ MAIL_FROM: 'a@s.test' }))).toBeUndefined();
    expect(httpMailerFromConfig(testConfig({ MAIL_API_KEY: 'k', MAIL_FROM: 'a@s.test' }))?.description).toBe(
      'HTTP API api.resend.com',
    );
    expect(httpMailerFromConfig(testConfig({ MAIL_API_KEY: 'k', MAIL_FROM_FA: 'a@s.test' }))).toBeUndefined();
    expect(
      httpMailerFromConfig(testConfig({ MAIL_API_KEY: 'k', MAIL_FROM_FA: 'a@s.test', MAIL_FROM_EN: 'b@s.test' })),
    ).toBeDefined();
    expect(() => testConfig({ SMTP_URL: 'http://mail.test' })).toThrow(/SMTP_URL must look like/);
    expect(testConfig({ SMTP_URL: 'smtps://u:p@mail.test:465' }).SMTP_URL).toBe('smtps://u:p@mail.test:465');
  });
});
