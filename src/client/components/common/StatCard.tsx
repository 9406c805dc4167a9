// One figure with its label (dashboards, analytics, Subscriptions & Payments), named by its label
// so a screen reader (and a test) finds 'Your Rank' and reads its value; optionally with a line
// under it and a link to where the figure can be acted on.
import { Box, Button, Card, Heading, SimpleGrid, Stack, Text } from '@chakra-ui/react';
import { Children, type ReactNode } from 'react';
import { Link } from 'wouter';

interface Props {
  label: string;
  value: number | string;
  hint?: ReactNode;
  link?: { href: string; label: string };
  icon?: ReactNode;
}

export function StatCard({ label, value, hint, link, icon }: Props) {
  return (
    <Card.Root role="group" aria-label={label} size="sm" h="full">
      <Card.Body gap="1">
        <Stack direction="row" justify="space-between" align="center" gap="2">
          <Text color="fg.muted" fontSize="sm">
            {label}
          </Text>
          {icon}
        </Stack>
        <Text fontSize="3xl" fontWeight="bold" lineHeight="short">
          {typeof value === 'number' ? value.toLocaleString('en-US') : value}
        </Text>
        {hint ? (
          <Text color="fg.muted" fontSize="sm">
            {hint}
          </Text>
        ) : null}
        {link ? (
          <Button asChild size="sm" variant="outline" alignSelf="flex-start" mt="2">
            <Link href={link.href}>{link.label}</Link>
          </Button>
        ) : null}
      </Card.Body>
    </Card.Root>
  );
}

/** A list of StatCards in a responsive grid, under a heading that names the group. */
export function StatGroup({
  title,
  children,
  columns = { base: 2, md: 4 },
}: {
  title: string;
  children: ReactNode;
  columns?: { base: number; sm?: number; md?: number; lg?: number };
}) {
  return (
    <Stack as="section" gap="3">
      <Heading as="h2" size="md">
        {title}
      </Heading>
      <SimpleGrid as="ul" columns={columns} gap="3" listStyleType="none" m="0" p="0">
        {Children.map(children, (child) => (
          <Box as="li">{child}</Box>
        ))}
      </SimpleGrid>
    </Stack>
  );
}
