// A refused file's problems, each with its line ('line 17: id 4411 appears twice'): the first
// 100 the server lists and how many more there are, so the member fixes them all at once. A long
// list scrolls in its own box (focusable, so a keyboard scrolls it too) and keeps the form short.
import { Box, List, Stack, Text } from '@chakra-ui/react';
import { problemText, type CsvRefusal } from '../../lib/uploadCsv';

export function ProblemLines({ refusal, label }: { refusal: CsvRefusal; label: string }) {
  const more = refusal.total - refusal.lines.length;
  return (
    <Stack gap="2" role="alert" aria-label={label}>
      <Text fontWeight="medium" color="red.fg">
        {refusal.message}
      </Text>
      {refusal.lines.length > 0 ? (
        <Box
          maxH="64"
          overflowY="auto"
          borderWidth="1px"
          rounded="md"
          p="2"
          tabIndex={0}
          aria-label={`${label}: the problems`}
          role="group"
        >
          <List.Root ps="5" gap="1" fontSize="sm">
            {refusal.lines.map((p, i) => (
              <List.Item key={`${p.line ?? 'file'}-${i}`}>{problemText(p)}</List.Item>
            ))}
            {more > 0 ? <List.Item>and {more.toLocaleString('en-US')} more</List.Item> : null}
          </List.Root>
        </Box>
      ) : null}
    </Stack>
  );
}
