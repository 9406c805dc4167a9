// A table cell that shows a line of text and keeps the rest behind a small disclosure button
// (an audit entry's full change, an e-mail's text), mounted only while open.
import { Button, Code, Collapsible, HStack, type CodeProps } from '@chakra-ui/react';
import { ChevronDown } from 'lucide-react';
import type { ReactNode } from 'react';

export function DisclosureCell({
  summary,
  trigger,
  triggerLabel,
  maxW,
  children,
}: {
  /** The line always shown, before the button. */
  summary: ReactNode;
  /** The button's visible word. */
  trigger: string;
  /** Its accessible name: names the row, as every row has one. */
  triggerLabel: string;
  maxW: string;
  children: ReactNode;
}) {
  return (
    <Collapsible.Root lazyMount unmountOnExit>
      <HStack gap="2" align="baseline" maxW={{ md: maxW }}>
        {summary}
        <Collapsible.Trigger asChild>
          <Button
            variant="plain"
            size="xs"
            h="auto"
            p="0"
            flexShrink={0}
            color="fg.muted"
            aria-label={triggerLabel}
          >
            {trigger} <ChevronDown size={12} aria-hidden />
          </Button>
        </Collapsible.Trigger>
      </HStack>
      <Collapsible.Content>{children}</Collapsible.Content>
    </Collapsible.Root>
  );
}

/** Preformatted text in a scrolling block (JSON, a mail's plain text). */
export function ScrollingCode(props: CodeProps) {
  return (
    <Code
      display="block"
      fontSize="xs"
      whiteSpace="pre-wrap"
      overflowWrap="anywhere"
      overflowY="auto"
      p="2"
      {...props}
    />
  );
}
