// 'Step n of 5', 'percent Complete' and the bar (SPEC 2.6, 2.18), above the step's own heading.
import { Heading, HStack, Progress, Stack, Text } from '@chakra-ui/react';

export function WizardProgress({ step, titles }: { step: number; titles: readonly string[] }) {
  const total = titles.length;
  const percent = Math.round(((step + 1) / total) * 100);
  const label = `Step ${step + 1} of ${total}`;
  return (
    <Stack gap="3">
      <Progress.Root
        value={percent}
        colorPalette="purple"
        size="sm"
        translations={{ value: () => `${label}, ${percent}% Complete` }}
      >
        <HStack justify="space-between" mb="2" fontSize="sm">
          <Progress.Label fontWeight="medium">{label}</Progress.Label>
          <Text color="fg.muted">{percent}% Complete</Text>
        </HStack>
        <Progress.Track rounded="full">
          <Progress.Range />
        </Progress.Track>
      </Progress.Root>
      <Heading as="h2" size="lg">
        {titles[step]}
      </Heading>
    </Stack>
  );
}
