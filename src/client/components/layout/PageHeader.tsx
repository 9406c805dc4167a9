import { Heading, Stack, Text } from '@chakra-ui/react';
import type { ReactNode } from 'react';

interface Props {
  title: string;
  subtitle?: ReactNode;
  actions?: ReactNode;
}

export function PageHeader({ title, subtitle, actions }: Props) {
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
