import { useEffect, useRef } from 'react';
import type { UseFormReturn } from 'react-hook-form';
import { suggestPagePath } from './page-path';

/**
 * A page form's path follows its title (suggestPagePath) until the path is edited by hand;
 * opening the dialog again (a form reset) starts over. Shared by the create and translate dialogs.
 */
export function usePathFromTitle<F extends { title: string; path: string }>(form: UseFormReturn<F>) {
  const pathEdited = useRef(false);
  useEffect(() => {
    const typed = form as unknown as UseFormReturn<{ title: string; path: string }>;
    const subscription = typed.watch((value, { name, type }) => {
      if (!name) pathEdited.current = false;
      else if (name === 'path' && type === 'change') pathEdited.current = true;
      else if (name === 'title' && !pathEdited.current)
        typed.setValue('path', suggestPagePath(value.title ?? ''), { shouldValidate: typed.formState.isSubmitted });
    });
    return () => subscription.unsubscribe();
  }, [form]);
}
