import { useEffect, useId, useState } from 'react';
import type { FieldValues, Path, PathValue, UseFormReturn } from 'react-hook-form';

/*
 * Forms never drop what a person typed (issue 34 §3, walk-through D14 and the settings screen).
 * A server-rendered form can be typed into before the page's script takes it over; when it does,
 * react-hook-form registers each input and writes the form's loaded value back into it, wiping
 * (or, mid-keystroke, merging into) what was typed. Data that arrives after a form is shown would
 * do the same through `reset`. One hook for every form: `useKeepTyped(form)` gives the `<form>`
 * its `id` and, in the browser's first render (before registration), reads which inputs the
 * person changed — the DOM tells, as each input's `defaultValue`/`defaultChecked` is what the
 * server wrote — then puts those values back into the form as changes of the person's own
 * (dirty, so Save is enabled). `adopt(values)` takes data that arrived later without touching the
 * fields the person has changed.
 */

type Typed = Record<string, string | boolean>;

/** The inputs of a form whose value differs from what the server rendered, by name. */
export function typedInForm(form: HTMLFormElement): Typed {
  const typed: Typed = {};
  for (const element of Array.from(form.elements)) {
    if (element instanceof HTMLInputElement) {
      if (!element.name || element.type === 'file' || element.type === 'hidden') continue;
      if (element.type === 'checkbox') {
        if (element.checked !== element.defaultChecked) typed[element.name] = element.checked;
      } else if (element.type === 'radio') {
        if (element.checked && !element.defaultChecked) typed[element.name] = element.value;
      } else if (element.value !== element.defaultValue) typed[element.name] = element.value;
    } else if (element instanceof HTMLTextAreaElement) {
      if (element.name && element.value !== element.defaultValue) typed[element.name] = element.value;
    } else if (element instanceof HTMLSelectElement) {
      const changed = Array.from(element.options).some((option) => option.selected !== option.defaultSelected);
      if (element.name && changed && !element.multiple) typed[element.name] = element.value;
    }
  }
  return typed;
}

/** A value at a dotted field name (`siteName.fa`, `menu.0.label.en`). */
function valueAt(values: unknown, name: string): unknown {
  return name
    .split('.')
    .reduce<unknown>((at, key) => (at && typeof at === 'object' ? (at as Record<string, unknown>)[key] : undefined), values);
}

/**
 * The inputs whose value differs from the form's loaded values, once registered: what the person
 * typed when the script left it in place (the server's input carried no `value` of its own).
 */
export function differingFrom(form: HTMLFormElement, loaded: unknown): Typed {
  const typed: Typed = {};
  for (const element of Array.from(form.elements)) {
    if (!(element instanceof HTMLInputElement || element instanceof HTMLTextAreaElement) || !element.name) continue;
    if (element instanceof HTMLInputElement && ['file', 'hidden', 'radio', 'checkbox'].includes(element.type)) continue;
    const value = valueAt(loaded, element.name);
    if ((typeof value === 'string' || value === undefined || value === null) && element.value !== (value ?? ''))
      typed[element.name] = element.value;
  }
  return typed;
}

export function useKeepTyped<T extends FieldValues>(form: UseFormReturn<T>) {
  const id = useId();
  // The first render in the browser is hydration's: the server's form is still in the document
  // with whatever was typed into it, and react-hook-form has not registered its inputs yet.
  const [typed] = useState<Typed>(() => {
    if (typeof document === 'undefined') return {};
    const element = document.getElementById(id);
    return element instanceof HTMLFormElement ? typedInForm(element) : {};
  });
  // biome-ignore lint/correctness/useExhaustiveDependencies: once, after the inputs are registered.
  useEffect(() => {
    const element = document.getElementById(id);
    const left = element instanceof HTMLFormElement ? differingFrom(element, form.formState.defaultValues) : {};
    const changed = Object.entries({ ...left, ...typed });
    if (!changed.length) return;
    for (const [name, value] of changed) form.setValue(name as Path<T>, value as PathValue<T, Path<T>>);
    // The form's state is then told all at once, against the loaded values: React replays an
    // input's change made before hydration, so react-hook-form may already count the field as
    // changed, and a `setValue(…, { shouldDirty })` that changes nothing more tells no one
    // (isDirty stayed false, Save disabled, on the settings screen).
    form.reset(form.getValues(), { keepDefaultValues: true });
  }, []);
  return {
    /** The `<form>`'s id (the same on the server and in the browser). */
    id,
    /** Data that arrived after the form was shown: fields the person changed keep what they typed. */
    adopt: (values: T) => form.reset(values, { keepDirtyValues: true }),
  };
}
