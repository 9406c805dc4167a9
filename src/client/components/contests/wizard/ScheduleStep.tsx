// Step 3, Date & Time: three date-time inputs, in the member's own time zone.
import { Stack, Text } from '@chakra-ui/react';
import { ContestDateFields } from '../ContestDateFields';

export function ScheduleStep() {
  const zone = Intl.DateTimeFormat().resolvedOptions().timeZone;
  return (
    <Stack gap="5">
      <Text color="fg.muted" fontSize="sm">
        Times are in your time zone{zone ? ` (${zone})` : ''}.
      </Text>
      <ContestDateFields
        deadlineHelp="The last moment members can register."
        sideBySideFrom="md"
        gap="5"
      />
    </Stack>
  );
}
