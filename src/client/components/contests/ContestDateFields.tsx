// A contest's three moments (registration deadline, start, end) as date-time inputs in the
// member's own time zone: the wizard's step 3 and the edit dialog.
import { SimpleGrid } from '@chakra-ui/react';
import { FormField } from '../common/FormField';

export function ContestDateFields({
  deadlineHelp,
  sideBySideFrom,
  gap,
}: {
  deadlineHelp: string;
  /** From this width on, start and end stand side by side. */
  sideBySideFrom: 'sm' | 'md';
  gap: string;
}) {
  return (
    <>
      <FormField
        name="registrationDeadline"
        label="Registration Deadline"
        type="datetime-local"
        helperText={deadlineHelp}
      />
      <SimpleGrid columns={{ base: 1, [sideBySideFrom]: 2 }} gap={gap}>
        <FormField name="startDate" label="Start Date" type="datetime-local" />
        <FormField name="endDate" label="End Date" type="datetime-local" />
      </SimpleGrid>
    </>
  );
}
