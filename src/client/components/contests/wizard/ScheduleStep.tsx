// Step 3, Date & Time: three date-time inputs, in the member's own time zone.
import { SimpleGrid, Stack, Text } from '@chakra-ui/react';
import { FormField } from '../../common/FormField';

export function ScheduleStep() {
  const zone = Intl.DateTimeFormat().resolvedOptions().timeZone;
  return (
    <Stack gap="5">
      <Text color="fg.muted" fontSize="sm">
        Times are in your time zone{zone ? ` (${zone})` : ''}.
      </Text>
      <FormField
        name="registrationDeadline"
        label="Registration Deadline"
        type="datetime-local"
        helperText="The last moment members can register."
      />
      <SimpleGrid columns={{ base: 1, md: 2 }} gap="5">
        <FormField name="startDate" label="Start Date" type="datetime-local" />
        <FormField name="endDate" label="End Date" type="datetime-local" />
      </SimpleGrid>
    </Stack>
  );
}
