import { Heading, Stack, Text } from '@chakra-ui/react';
import type { ReactNode } from 'react';
import { useDocumentTitle } from '../../lib/useDocumentTitle';

interface Props {
  title: string;
  subtitle?: ReactNode;
  actions?: ReactNode;
  /** The browser tab's name when it should be shorter than the heading. */
  documentTitle?: string;
}

/** The page's h1, which also names the browser tab ('Users · Acme Arena'). */
export function PageHeader({ title, subtitle, actions, documentTitle }: Props) {
  useDocumentTitle(documentTitle ?? title);
  return (
    <Stack
      direction={{ base: 'column', sm: 'row' }}
      justify="space-between"
      align={{ base: 'flex-start', sm: 'center' }}
      mb="6"
      gap="3"
    >
      <Stack gap="1">
        <Heading as="h1" size="2xl">
          {title}
        </Heading>
        {subtitle ? <Text color="fg.muted">{subtitle}</Text> : null}
      </Stack>
      {actions}
    </Stack>
  );
}
