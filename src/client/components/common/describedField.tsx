// What the Formik fields (FormField, TextareaField, SelectField) each need around their control:
// the field's state with its described-by wiring, and a label with the required mark.
import { Field } from '@chakra-ui/react';
import { useField } from 'formik';
import type { ReactNode } from 'react';
import { useFieldDescription } from './fieldDescription';

/** The field, whether its error shows (once touched), and the ids its helper and error texts use. */
export function useDescribedField(name: string, helperText: unknown) {
  const [field, meta, helpers] = useField<string>(name);
  const invalid = Boolean(meta.touched && meta.error);
  const { ids, describedBy } = useFieldDescription({ invalid, helper: Boolean(helperText) });
  return { field, meta, helpers, invalid, ids, describedBy };
}

// The required mark uses red.fg (red.700 light, red.300 dark), which passes 4.5:1 on both themes'
// backgrounds; Chakra's default fg.error (red.500) gives 3.76:1 on white.
export function FieldLabel({ label, required }: { label: ReactNode; required?: boolean }) {
  return (
    <Field.Label>
      {label}
      {required ? <Field.RequiredIndicator color="red.fg" /> : null}
    </Field.Label>
  );
}
