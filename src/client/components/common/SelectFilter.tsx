// A labelled select outside a form: a list's filter, or a choice saved as soon as it changes.
// (SelectField is the one inside a Formik form.)
import { Field, NativeSelect } from '@chakra-ui/react';
import type { ReactNode } from 'react';

export interface SelectOption<V extends string = string> {
  value: V;
  label: string;
}

/** The options of a set of values with their labels, after an 'all of them' option if given. */
export function labelledOptions<V extends string>(
  values: readonly V[],
  labels: Record<V, string>,
): SelectOption<V>[];
export function labelledOptions<V extends string>(
  values: readonly V[],
  labels: Record<V, string>,
  all: string,
): SelectOption<V | ''>[];
export function labelledOptions<V extends string>(
  values: readonly V[],
  labels: Record<V, string>,
  all?: string,
): SelectOption<V | ''>[] {
  const options = values.map((value) => ({ value, label: labels[value] }));
  return all === undefined ? options : [{ value: '', label: all }, ...options];
}

export function SelectFilter<V extends string>({
  label,
  value,
  options,
  onChange,
  smallLabel = false,
  selectWidth,
  selectSize = 'sm',
  disabled,
  helperText,
  ...rootProps
}: Omit<Field.RootProps, 'onChange' | 'children'> & {
  label: string;
  value: V;
  options: readonly SelectOption<V>[];
  onChange: (value: V) => void;
  smallLabel?: boolean;
  selectWidth?: string;
  /** A filter's select is small; a choice among a form's fields is the fields' size ('md'). */
  selectSize?: NativeSelect.RootProps['size'];
  disabled?: boolean;
  helperText?: ReactNode;
}) {
  return (
    <Field.Root {...rootProps}>
      <Field.Label fontSize={smallLabel ? 'sm' : undefined}>{label}</Field.Label>
      <NativeSelect.Root size={selectSize} w={selectWidth} disabled={disabled}>
        <NativeSelect.Field value={value} onChange={(e) => onChange(e.target.value as V)}>
          {options.map((o) => (
            <option key={o.value} value={o.value}>
              {o.label}
            </option>
          ))}
        </NativeSelect.Field>
        <NativeSelect.Indicator />
      </NativeSelect.Root>
      {helperText ? <Field.HelperText>{helperText}</Field.HelperText> : null}
    </Field.Root>
  );
}
