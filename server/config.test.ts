import { describe, expect, it } from 'vitest';
import { ConfigError, isGithubConfigured, isTurnstileConfigured, parseConfig } from './config';

describe('configuration', () => {
  it('has the documented defaults', () => {
    const config = parseConfig({});
    expect(config).toMatchObject({ PORT: 3000, HOST: '127.0.0.1', DATA_DIR: './data', GITHUB_BRANCH: 'main' });
    expect(config.DATABASE_URL).toBeUndefined();
  });
  it('treats empty values as unset', () => {
    expect(parseConfig({ SITE_URL: '', GITHUB_TOKEN: '  ' })).toMatchObject({ SITE_URL: undefined, GITHUB_TOKEN: undefined });
  });
  it('explains every bad value at once', () => {
    try {
      parseConfig({ PORT: 'eighty', SITE_URL: 'not a url', DATABASE_URL: 'postgres://x', SETUP_TOKEN: 'short' });
      expect.unreachable();
    } catch (error) {
      expect(error).toBeInstanceOf(ConfigError);
      const { problems } = error as ConfigError;
      expect(problems).toHaveLength(4);
      expect(problems.join('\n')).toMatch(/PORT: PORT must be a number/);
      expect(problems.join('\n')).toMatch(/SITE_URL: SITE_URL must be an absolute URL/);
      expect(problems.join('\n')).toMatch(/DATABASE_URL must start with file:/);
      expect(problems.join('\n')).toMatch(/SETUP_TOKEN must be at least 16 characters/);
    }
  });
  it('reads TRUST_PROXY as a boolean', () => {
    expect(parseConfig({}).TRUST_PROXY).toBe(false);
    expect(parseConfig({ TRUST_PROXY: 'true' }).TRUST_PROXY).toBe(true);
    expect(() => parseConfig({ TRUST_PROXY: 'yes please' })).toThrow(/TRUST_PROXY must be true or false/);
  });
  it('rejects ports out of range', () => {
    expect(() => parseConfig({ PORT: '70000' })).toThrow(/between 1 and 65535/);
  });
  it('takes the GitHub API address from GITHUB_API_URL, api.github.com by default, http(s) only', () => {
    expect(parseConfig({}).GITHUB_API_URL).toBe('https://api.github.com');
    expect(parseConfig({ GITHUB_API_URL: '' }).GITHUB_API_URL).toBe('https://api.github.com');
    expect(parseConfig({ GITHUB_API_URL: 'https://git.example.com/api/v3' }).GITHUB_API_URL).toBe(
      'https://git.example.com/api/v3',
    );
    expect(() => parseConfig({ GITHUB_API_URL: 'ftp://git.example.com' })).toThrow(/GITHUB_API_URL must be an http\(s\) URL/);
    expect(() => parseConfig({ GITHUB_API_URL: 'api.github.com' })).toThrow(/GITHUB_API_URL/);
  });
  it('requires all three GitHub values and both Turnstile keys', () => {
    expect(isGithubConfigured(parseConfig({ GITHUB_TOKEN: 't', GITHUB_OWNER: 'o' }))).toBe(false);
    expect(isGithubConfigured(parseConfig({ GITHUB_TOKEN: 't', GITHUB_OWNER: 'o', GITHUB_REPO: 'r' }))).toBe(true);
    expect(isTurnstileConfigured(parseConfig({ TURNSTILE_SITE_KEY: 'k' }))).toBe(false);
    expect(isTurnstileConfigured(parseConfig({ TURNSTILE_SITE_KEY: 'k', TURNSTILE_SECRET_KEY: 's' }))).toBe(true);
  });
});
