// After a submit that failed on the form's own rules (or came back with errors placed on fields),
// focus goes to the first field in error, in the order the form shows them, instead of staying
// on the button. Rendered once inside each Formik form (the form buttons bring it along).
import { useFormikContext } from 'formik';
import { useEffect, useRef } from 'react';

function firstInvalid(form: HTMLFormElement, names: string[]): HTMLElement | null {
  const marked = form.querySelector<HTMLElement>('[aria-invalid="true"]:not([type="hidden"])');
  if (marked) return marked;
  // Controls without a Field around them: by name, in the form's order.
  const byName = [...form.elements].find(
    (el): el is HTMLElement =>
      el instanceof HTMLElement && names.includes(el.getAttribute('name') ?? ''),
  );
  return byName ?? null;
}

export function FocusFirstError() {
  const { submitCount, isSubmitting, isValidating, errors } = useFormikContext();
  const marker = useRef<HTMLSpanElement>(null);
  const handled = useRef(submitCount);
  useEffect(() => {
    if (submitCount === handled.current || isSubmitting || isValidating) return;
    handled.current = submitCount;
    const names = Object.keys(errors);
    if (names.length === 0) return;
    const form = marker.current?.closest('form');
    if (!form) return;
    const target = firstInvalid(form, names);
    if (!target) return;
    // A hidden input (a switch's, a checkbox's) stands for the control drawn next to it.
    target.focus();
  }, [submitCount, isSubmitting, isValidating, errors]);
  return <span ref={marker} hidden />;
}
