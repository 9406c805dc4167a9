// The list of members one may @mention, under the editor's textarea while a mention is typed: a
// listbox whose active option the textarea names (aria-activedescendant), so focus never leaves
// the text. Options are chosen by keyboard in the textarea or by a click here; pressing on the
// list does not take focus from the textarea (it would close the list before the click lands).
import { Box, HStack, Text } from '@chakra-ui/react';
import type { TMentionable } from '../../../shared/schemas/discussion';
import { UserAvatar } from '../common/UserAvatar';

export type MentionOption = TMentionable[number];

export function MentionSuggestions({
  id,
  options,
  active,
  optionId,
  onChoose,
}: {
  id: string;
  options: readonly MentionOption[];
  active: number;
  optionId: (index: number) => string;
  onChoose: (option: MentionOption) => void;
}) {
  return (
    <Box
      id={id}
      role="listbox"
      aria-label="Members to mention"
      position="absolute"
      top="100%"
      left="0"
      zIndex="popover"
      minW="56"
      maxW="full"
      mt="1"
      py="1"
      bg="bg.panel"
      borderWidth="1px"
      rounded="md"
      shadow="md"
      onMouseDown={(e) => e.preventDefault()}
    >
      {options.map((option, index) => (
        <HStack
          key={option.id}
          id={optionId(index)}
          role="option"
          aria-selected={index === active}
          gap="2"
          px="3"
          py="1.5"
          cursor="pointer"
          bg={index === active ? 'purple.subtle' : undefined}
          _hover={{ bg: 'bg.muted' }}
          onClick={() => onChoose(option)}
        >
          <Box aria-hidden flexShrink={0}>
            <UserAvatar name={option.username} src={option.profileImage} size="xs" />
          </Box>
          <Text truncate>{option.username}</Text>
        </HStack>
      ))}
    </Box>
  );
}
