import { describe, expect, it } from 'vitest';
import { createInstalledSite, PASSWORD } from '../../tests/support/site';
import { createUser, listUsers } from './users';

/** The installed site's three users, plus names with the characters LIKE treats specially. */
async function siteWithNames() {
  const { deps } = await createInstalledSite();
  const add = (userName: string, firstName: string) =>
    createUser(
      deps.db,
      { userName, firstName, lastName: 'Tester', about: '', password: PASSWORD },
      ['member'],
      deps.passwordIterations,
    );
  await add('snake_case', 'Snake');
  await add('snakeXcase', 'Other');
  await add('percent', '100% Sure');
  await add('backslash', 'Back\\Slash');
  const search = async (query: string) =>
    (await listUsers(deps.db, { query, page: 1, pageSize: 50 })).items.map((u) => u.username);
  const everyone = (await listUsers(deps.db, { page: 1, pageSize: 50 })).total;
  return { search, everyone };
}

describe('users search (F-12): the query is literal text', () => {
  it('finds a literal _ and does not read it as "any character"', async () => {
    const { search } = await siteWithNames();
    expect(await search('e_c')).toEqual(['snake_case']);
    expect(await search('SNAKE_')).toEqual(['snake_case']);
  });

  it('finds a literal % and does not read it as "anything"', async () => {
    const { search, everyone } = await siteWithNames();
    expect(everyone).toBe(7);
    expect(await search('%')).toEqual(['percent']);
    expect(await search('%%')).toEqual([]);
  });

  it('finds a literal backslash, the escape character', async () => {
    const { search } = await siteWithNames();
    expect(await search('k\\S')).toEqual(['backslash']);
    expect(await search('\\')).toEqual(['backslash']);
  });

  it("does not let a NUL cut the pattern: \\0' matches no one", async () => {
    const { search } = await siteWithNames();
    expect(await search("\u0000'")).toEqual([]);
    expect(await search('\u0000')).toEqual([]);
    expect(await search('snake\u0000')).toEqual([]);
  });
});
