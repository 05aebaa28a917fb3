import { useCallback, useRef, useState } from 'react';
import { useRevalidator } from 'react-router';
import { pushToast, type ToastInput } from '../components/ui/toast-queue';
import { ApiRequestError } from './api';

/*
 * One shape for the dashboard's changes (issue 41 §5): busy → call the API → say so in a toast →
 * reload the route's data; on failure, the server's message (in the page's language) in an error
 * toast, and nothing else changes. Screens name only what differs: the call, the words, and what
 * happens to their own state after success.
 */

/** What the server said went wrong, or `fallback` when it said nothing we can show (offline, a crash). */
export function failureMessage(error: unknown, fallback: string): string {
  return error instanceof ApiRequestError ? error.failure.message : fallback;
}

export interface Mutation<A extends unknown[], R> {
  /** The request itself; throwing means it failed. */
  call: (...args: A) => Promise<R>;
  /** The toast after success; none when absent or when it returns undefined. */
  success?: ToastInput | ((result: R, ...args: A) => ToastInput | undefined);
  /** After success, before the reload: close the dialog, clear a selection, reset the form. */
  done?: (result: R, ...args: A) => void | Promise<void>;
  /**
   * The error toast: a title over the server's message (`fallback` when it has none), or a whole
   * toast. Absent when `handled` shows every failure on the screen itself.
   */
  failure?: { title: string; fallback: string } | ((error: unknown) => ToastInput);
  /**
   * Before the error toast: return true when the screen showed the failure itself (field errors on
   * a form, a step to confirm identity), and the toast is left out.
   */
  handled?: (error: unknown, ...args: A) => boolean;
  /** After success or failure, before the reload: close a dialog either way. */
  settled?: () => void;
  /**
   * Reload the route's data after success (default true; false when `done` navigates away), or
   * 'always' when a failure may have changed the server's state too (a publish that failed midway).
   */
  revalidate?: boolean | 'always';
}

export interface MutationEffects {
  toast: (input: ToastInput) => unknown;
  revalidate: () => Promise<unknown>;
}

/** One run of a mutation, without React: true when it succeeded. */
export async function performMutation<A extends unknown[], R>(
  mutation: Mutation<A, R>,
  effects: MutationEffects,
  args: A,
): Promise<boolean> {
  const reload = async (succeeded: boolean) => {
    mutation.settled?.();
    if (mutation.revalidate === 'always' || (succeeded && mutation.revalidate !== false)) await effects.revalidate();
  };
  let result: R;
  try {
    result = await mutation.call(...args);
  } catch (error) {
    const { failure } = mutation;
    if (!mutation.handled?.(error, ...args) && failure)
      effects.toast(
        typeof failure === 'function'
          ? failure(error)
          : { title: failure.title, description: failureMessage(error, failure.fallback), color: 'error' },
      );
    await reload(false);
    return false;
  }
  const success = typeof mutation.success === 'function' ? mutation.success(result, ...args) : mutation.success;
  await mutation.done?.(result, ...args);
  if (success) effects.toast(success);
  await reload(true);
  return true;
}

/**
 * The hook: `busy` while a run is under way (a second run meanwhile is refused, so a double click
 * sends one request), and `run(...args)` resolving to whether it succeeded.
 */
export function useMutation<A extends unknown[], R>(mutation: Mutation<A, R>) {
  const revalidator = useRevalidator();
  const [busy, setBusy] = useState(false);
  const running = useRef(false);
  const latest = useRef(mutation);
  latest.current = mutation;

  const run = useCallback(
    async (...args: A) => {
      if (running.current) return false;
      running.current = true;
      setBusy(true);
      try {
        return await performMutation(latest.current, { toast: pushToast, revalidate: () => revalidator.revalidate() }, args);
      } finally {
        running.current = false;
        setBusy(false);
      }
    },
    [revalidator],
  );
  return { busy, run };
}
