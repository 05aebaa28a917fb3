import { describe, expect, it } from 'vitest';
import type { ToastInput } from '../components/ui/toast-queue';
import { ApiRequestError } from './api';
import { failureMessage, type Mutation, performMutation } from './mutation';

function recorder() {
  const events: string[] = [];
  const toasts: ToastInput[] = [];
  return {
    events,
    toasts,
    effects: {
      toast: (input: ToastInput) => {
        events.push(`toast:${input.color}`);
        toasts.push(input);
      },
      revalidate: async () => {
        events.push('revalidate');
      },
    },
  };
}

const refused = () => new ApiRequestError({ statusCode: 409, message: 'Someone changed it first.' } as never);

describe('performMutation', () => {
  it('calls, runs done, toasts success, then reloads — in that order', async () => {
    const { events, toasts, effects } = recorder();
    const mutation: Mutation<[number], string> = {
      call: async (id) => {
        events.push(`call:${id}`);
        return 'ok';
      },
      done: (result) => {
        events.push(`done:${result}`);
      },
      success: (result, id) => ({ title: `Saved ${id}`, description: result, color: 'success' }),
      failure: { title: 'Could not save', fallback: 'Try again.' },
    };
    expect(await performMutation(mutation, effects, [7])).toBe(true);
    expect(events).toEqual(['call:7', 'done:ok', 'toast:success', 'revalidate']);
    expect(toasts[0]).toEqual({ title: 'Saved 7', description: 'ok', color: 'success' });
  });

  it("on failure shows the server's message under the title and changes nothing else", async () => {
    const { events, toasts, effects } = recorder();
    const ok = await performMutation(
      {
        call: async () => {
          throw refused();
        },
        done: () => {
          events.push('done');
        },
        success: { title: 'Saved', color: 'success' },
        failure: { title: 'Could not save', fallback: 'Try again.' },
      },
      effects,
      [],
    );
    expect(ok).toBe(false);
    expect(events).toEqual(['toast:error']);
    expect(toasts[0]).toEqual({ title: 'Could not save', description: 'Someone changed it first.', color: 'error' });
  });

  it('falls back to its own words when the failure is not an answer from the server', async () => {
    const { toasts, effects } = recorder();
    await performMutation(
      {
        call: async () => {
          throw new TypeError('Failed to fetch');
        },
        failure: { title: 'Could not save', fallback: 'Check your connection.' },
      },
      effects,
      [],
    );
    expect(toasts[0]?.description).toBe('Check your connection.');
  });

  it('leaves the toast out when the screen showed the failure itself', async () => {
    const { events, effects } = recorder();
    const ok = await performMutation(
      {
        call: async () => {
          throw refused();
        },
        handled: (error) => error instanceof ApiRequestError,
        failure: { title: 'Could not save', fallback: 'Try again.' },
      },
      effects,
      [],
    );
    expect(ok).toBe(false);
    expect(events).toEqual([]);
  });

  it('does not reload when told not to, and shows no toast when success has none', async () => {
    const { events, effects } = recorder();
    await performMutation(
      { call: async () => 1, success: () => undefined, revalidate: false, failure: { title: 'x', fallback: 'y' } },
      effects,
      [],
    );
    expect(events).toEqual([]);
  });

  it('failureMessage reads only API answers', () => {
    expect(failureMessage(refused(), 'fallback')).toBe('Someone changed it first.');
    expect(failureMessage(new Error('internal detail'), 'fallback')).toBe('fallback');
  });
});

describe('performMutation after a failure that may have changed things', () => {
  it("closes (settled) and reloads with revalidate: 'always', the screen showing the failure itself", async () => {
    const { events, effects } = recorder();
    const ok = await performMutation(
      {
        call: async () => {
          throw refused();
        },
        handled: () => {
          events.push('shown');
          return true;
        },
        settled: () => {
          events.push('settled');
        },
        revalidate: 'always',
      },
      effects,
      [],
    );
    expect(ok).toBe(false);
    expect(events).toEqual(['shown', 'settled', 'revalidate']);
  });

  it('a plain mutation does not reload after a failure', async () => {
    const { events, effects } = recorder();
    await performMutation(
      {
        call: async () => {
          throw refused();
        },
        settled: () => {
          events.push('settled');
        },
        failure: { title: 'x', fallback: 'y' },
      },
      effects,
      [],
    );
    expect(events).toEqual(['toast:error', 'settled']);
  });
});
