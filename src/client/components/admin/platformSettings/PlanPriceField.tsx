// One price of the plans table (issue 33): a number input bound to Formik, its label read by
// screen readers only (the table's row and column say it to the eye), its error under it. A
// lifetime price may be emptied: empty is null, that plan not offered.
import { Field, Input, VisuallyHidden } from '@chakra-ui/react';
import { useDescribedField } from '../../common/describedField';

interface Props {
  name: string;
  label: string;
  /** Empty is null (not offered) rather than a missing number. */
  nullable?: boolean;
}

export function PlanPriceField({ name, label, nullable }: Props) {
  const { field, meta, helpers, invalid, ids, describedBy } = useDescribedField(name, null);
  const value = field.value as unknown as number | '' | null;
  return (
    <Field.Root invalid={invalid} ids={ids} minW="28">
      <VisuallyHidden asChild>
        <Field.Label>{label}</Field.Label>
      </VisuallyHidden>
      <Input
        name={field.name}
        type="number"
        step="0.01"
        min={0}
        size="sm"
        value={value ?? ''}
        placeholder={nullable ? 'Not offered' : undefined}
        onChange={(e) => {
          const raw = e.target.value;
          // Formik's own number parsing gives '' for an emptied input: a lifetime price wants null.
          void helpers.setValue((raw === '' ? (nullable ? null : '') : Number(raw)) as never);
        }}
        onBlur={field.onBlur}
        aria-describedby={describedBy}
      />
      {invalid ? <Field.ErrorText color="red.fg">{meta.error}</Field.ErrorText> : null}
    </Field.Root>
  );
}
