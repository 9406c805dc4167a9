// The organiser's line above the topic list: who may post (the 'open discussion' switch) and
// who is barred from posting.
import { Box } from '@chakra-ui/react';
import { OpenDiscussionSwitch } from './OpenDiscussionSwitch';
import { BarredMembers } from './BarredMembers';

export function OrganiserBar({ contestId, open }: { contestId: number; open: boolean }) {
  return (
    <Box
      as="section"
      aria-label="Discussion settings"
      borderWidth="1px"
      rounded="md"
      p="3"
      bg="bg.subtle"
    >
      <OpenDiscussionSwitch contestId={contestId} open={open} />
      <BarredMembers contestId={contestId} />
    </Box>
  );
}
