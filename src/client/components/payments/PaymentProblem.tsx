// /payment when there is nothing to pay there: a malformed address, a contest that is not found
// or is free, a tier the member already has. A message and the way on, never a crash.
import { Button, Card, Heading, HStack, Text } from '@chakra-ui/react';
import { Link } from 'wouter';
import { errorCode, errorMessage, errorReason } from '../../lib/errors';

interface Problem {
  title: string;
  message: string;
  links: { href: string; label: string }[];
}

const BROWSE = { href: '/contests', label: 'Browse Available Contests' };
const TIERS = { href: '/payment', label: 'Compare plans' };

/** What to tell about a refused payments.options call. */
export function problemOf(error: unknown, contestId?: number): Problem {
  if (errorCode(error) === 'NOT_FOUND') {
    return {
      title: 'Contest Not Found',
      message: 'This contest does not exist, or it is not open to members yet.',
      links: [BROWSE],
    };
  }
  const message = errorMessage(error, 'Failed to load payment details');
  switch (errorReason(error)) {
    case 'free_contest':
      return {
        title: 'Nothing to pay',
        message,
        links: contestId ? [{ href: `/contests/${contestId}`, label: 'Go to the contest' }] : [],
      };
    case 'tier_not_higher':
    case 'no_price':
      return { title: 'Nothing to pay', message, links: [TIERS] };
    // A plan the settings do not sell (issue 33): the server's words, and the plans that are sold.
    case 'period_not_offered':
      return { title: 'Plan not offered', message, links: [TIERS] };
    default:
      return { title: 'Payment unavailable', message, links: [BROWSE, TIERS] };
  }
}

export function PaymentProblem({ title, message, links }: Problem) {
  return (
    <Card.Root>
      <Card.Body gap="3">
        <Heading as="h2" size="md">
          {title}
        </Heading>
        <Text>{message}</Text>
        <HStack gap="3" wrap="wrap">
          {links.map((link, i) => (
            <Button
              key={link.href}
              asChild
              variant={i === 0 ? 'solid' : 'outline'}
              colorPalette="purple"
            >
              <Link href={link.href}>{link.label}</Link>
            </Button>
          ))}
        </HStack>
      </Card.Body>
    </Card.Root>
  );
}
