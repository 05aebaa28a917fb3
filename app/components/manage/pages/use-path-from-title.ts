import { useEffect, useRef } from 'react';
import type { UseFormReturn } from 'react-hook-form';
import { suggestPagePath } from './page-path';

/**
 * A page form's path follows its title (`suggest`: suggestPagePath, or the translate dialog's
 * suggestTranslationPath in the source's section) until the path is edited by hand; opening the
 * dialog again (a form reset) starts over. Shared by the create and translate dialogs.
 */
export function usePathFromTitle<F extends { title: string; path: string }>(
  form: UseFormReturn<F>,
  suggest: (title: string) => string = suggestPagePath,
) {
  const pathEdited = useRef(false);
  useEffect(() => {
    const typed = form as unknown as UseFormReturn<{ title: string; path: string }>;
    const subscription = typed.watch((value, { name, type }) => {
      if (!name) pathEdited.current = false;
      else if (name === 'path' && type === 'change') pathEdited.current = true;
      else if (name === 'title' && !pathEdited.current)
        typed.setValue('path', suggest(value.title ?? ''), { shouldValidate: typed.formState.isSubmitted });
    });
    return () => subscription.unsubscribe();
  }, [form, suggest]);
}
