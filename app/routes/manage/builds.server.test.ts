import { describe, expect, it } from 'vitest';
import { parseConfig } from '../../../server/config';
import type { ContentRepository } from '../../../server/content/repository';
import { githubCommitUrl } from './builds.server';

const repository = (kind: ContentRepository['kind']) => ({ kind }) as ContentRepository;

describe('githubCommitUrl', () => {
  it('links commits on github.com, with only the owner and repository names', () => {
    const config = parseConfig({ GITHUB_TOKEN: 'secret-token', GITHUB_OWNER: 'octo', GITHUB_REPO: 'notes' });
    const url = githubCommitUrl({ config, contentRepository: repository('github') });
    expect(url).toBe('https://github.com/octo/notes/commit/');
    expect(url).not.toContain('secret-token');
  });

  it('links nothing for a local repository or GitHub Enterprise', () => {
    const config = parseConfig({ GITHUB_TOKEN: 't', GITHUB_OWNER: 'octo', GITHUB_REPO: 'notes' });
    expect(githubCommitUrl({ config, contentRepository: repository('local') })).toBeNull();
    const enterprise = parseConfig({
      GITHUB_TOKEN: 't',
      GITHUB_OWNER: 'octo',
      GITHUB_REPO: 'notes',
      GITHUB_API_URL: 'https://git.example.com/api/v3',
    });
    expect(githubCommitUrl({ config: enterprise, contentRepository: repository('github') })).toBeNull();
  });
});
