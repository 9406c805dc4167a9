// One item in the Education Center's grid: picture, kind and category, title (the link to the
// item), excerpt, date and the save toggle.
import { Badge, Card, Heading, HStack, LinkOverlay, Text } from '@chakra-ui/react';
import { Link } from 'wouter';
import { formatDate } from '../../../shared/format';
import { EDUCATION_KIND_LABELS, type TEducationCard } from '../../../shared/schemas/education';
import { FeaturedImage } from './FeaturedImage';
import { SaveToggle } from './SaveToggle';

export function EducationCard({ item }: { item: TEducationCard }) {
  return (
    <Card.Root as="article" overflow="hidden" position="relative" h="full">
      <FeaturedImage src={item.featuredImage} variant="card" />
      <Card.Body gap="2">
        <HStack gap="2" flexWrap="wrap">
          <Badge colorPalette="purple">{EDUCATION_KIND_LABELS[item.kind]}</Badge>
          {item.category ? <Badge variant="outline">{item.category}</Badge> : null}
        </HStack>
        <Heading as="h2" size="md" lineClamp={2}>
          <LinkOverlay asChild>
            <Link href={`/education/${item.slug}`}>{item.title}</Link>
          </LinkOverlay>
        </Heading>
        {item.excerpt ? (
          <Text color="fg.muted" fontSize="sm" lineClamp={3}>
            {item.excerpt}
          </Text>
        ) : null}
      </Card.Body>
      <Card.Footer justifyContent="space-between" pt="0">
        <Text fontSize="sm" color="fg.muted">
          <time dateTime={item.publishDate.toISOString()}>{formatDate(item.publishDate)}</time>
        </Text>
        {/* Above the card's link overlay, so it stays a button of its own. */}
        <HStack position="relative" zIndex="1">
          <SaveToggle item={item} />
        </HStack>
      </Card.Footer>
    </Card.Root>
  );
}
