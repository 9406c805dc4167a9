// An invite contest's code and invite link, with a copy button for each: for its creator and the
// moderators and admins (the only ones the server gives the code to). The link opens the contest
// with the code filled in (/contests/{id}?invite=CODE).
import { Button, Code, HStack, Stack, Text } from '@chakra-ui/react';
import { Check, Copy } from 'lucide-react';
import { useCopyToClipboard } from '../../lib/useCopyToClipboard';
import { keyedToasts } from '../../lib/toaster';

const toasts = keyedToasts('inviteCopy');

export function inviteLink(contestId: number, inviteCode: string, origin = location.origin) {
  return `${origin}/contests/${contestId}?invite=${encodeURIComponent(inviteCode)}`;
}

function CopyButton({
  text,
  label,
  copiedTitle,
}: {
  text: string;
  label: string;
  copiedTitle: string;
}) {
  const { copied, copy } = useCopyToClipboard();
  return (
    <Button
      size="sm"
      variant="outline"
      flexShrink={0}
      onClick={async () => {
        if (await copy(text)) toasts.success(copiedTitle);
        else toasts.error('Copy failed', 'Select the text and copy it by hand.');
      }}
    >
      {copied ? <Check aria-hidden /> : <Copy aria-hidden />}
      {copied ? 'Copied' : label}
    </Button>
  );
}

export function InviteShare({ contestId, inviteCode }: { contestId: number; inviteCode: string }) {
  const link = inviteLink(contestId, inviteCode);
  return (
    <Stack gap="3">
      <Stack gap="1">
        <Text fontSize="sm" fontWeight="medium">
          Invite code
        </Text>
        <HStack gap="2" wrap="wrap">
          <Code size="lg" userSelect="all">
            {inviteCode}
          </Code>
          <CopyButton text={inviteCode} label="Copy code" copiedTitle="Invite code copied" />
        </HStack>
      </Stack>
      <Stack gap="1">
        <Text fontSize="sm" fontWeight="medium">
          Invite link
        </Text>
        <Code
          display="block"
          fontSize="xs"
          px="2"
          py="1.5"
          whiteSpace="normal"
          overflowWrap="anywhere"
          userSelect="all"
        >
          {link}
        </Code>
        <CopyButton text={link} label="Copy invite link" copiedTitle="Invite link copied" />
      </Stack>
      <Text fontSize="xs" color="fg.muted">
        Members need the code to join; the link fills it in for them. Only the creator and
        moderators see them.
      </Text>
    </Stack>
  );
}
