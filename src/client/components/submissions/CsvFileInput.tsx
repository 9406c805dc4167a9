// A labelled picker for one CSV file (.csv or .csv.gz), the choice kept by the form that holds
// it. Its key changes to empty it after a send.
import { Field, Input } from '@chakra-ui/react';
import { useId } from 'react';

export const CSV_ACCEPT = '.csv,.csv.gz,text/csv,application/gzip';

export function CsvFileInput({
  label,
  helperText,
  onChange,
  required,
  disabled,
  accept = CSV_ACCEPT,
}: {
  label: string;
  helperText?: string;
  onChange: (file: File | null) => void;
  required?: boolean;
  disabled?: boolean;
  /** Other kinds of file (a trading statement is HTML or CSV). */
  accept?: string;
}) {
  const id = useId();
  return (
    <Field.Root required={required} disabled={disabled}>
      <Field.Label htmlFor={id}>
        {label}
        {required ? <Field.RequiredIndicator /> : null}
      </Field.Label>
      <Input
        id={id}
        type="file"
        accept={accept}
        p="1"
        onChange={(e) => onChange(e.target.files?.[0] ?? null)}
      />
      {helperText ? <Field.HelperText>{helperText}</Field.HelperText> : null}
    </Field.Root>
  );
}
