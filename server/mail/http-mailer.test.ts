import { createServer, type IncomingMessage } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { testConfig } from '../../tests/support/config';
import { createHttpMailer, httpMailerFromConfig } from './http-mailer';

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

describe('HTTP email API mailer (Workers)', () => {
  it('posts Resend-style JSON with the key as a bearer token, headers included', async () => {
    const mailer = createHttpMailer({ apiUrl: url, apiKey: 're_key', from: 'Daftar <news@s.test>' });
    await mailer.send({
      to: 'r@x.test',
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
      headers: { 'List-Unsubscribe': '<https://s.test/u>' },
    });
    expect(mailer.description).toBe(`HTTP API ${new URL(url).host}`);
  });

  it('throws with the API’s answer when it refuses', async () => {
    status = 403;
    const mailer = createHttpMailer({ apiUrl: url, apiKey: 'k', from: 'a@s.test' });
    await expect(mailer.send({ to: 'r@x.test', subject: 'S', html: '', text: '' })).rejects.toThrow(
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
    expect(() => testConfig({ SMTP_URL: 'http://mail.test' })).toThrow(/SMTP_URL must look like/);
    expect(testConfig({ SMTP_URL: 'smtps://u:p@mail.test:465' }).SMTP_URL).toBe('smtps://u:p@mail.test:465');
  });
});
