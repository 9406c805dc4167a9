// A card under an h2 heading. With headingId the card is a landmark named by its heading
// (as="section" or "aside"), so a screen reader lists it by that name.
import { Card, Heading } from '@chakra-ui/react';
import type { ReactNode } from 'react';

export function TitledCard({
  title,
  headingId,
  as,
  headingSize = 'md',
  tightHeader = false,
  bodyGap,
  children,
}: {
  title: ReactNode;
  headingId?: string;
  as?: 'section' | 'aside';
  headingSize?: 'md' | 'lg';
  /** No padding under the heading: the body starts right below it. */
  tightHeader?: boolean;
  bodyGap?: string;
  children: ReactNode;
}) {
  return (
    <Card.Root as={as} aria-labelledby={headingId}>
      <Card.Header pb={tightHeader ? '0' : undefined}>
        <Heading as="h2" size={headingSize} id={headingId}>
          {title}
        </Heading>
      </Card.Header>
      <Card.Body gap={bodyGap}>{children}</Card.Body>
    </Card.Root>
  );
}
