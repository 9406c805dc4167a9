// One Education Center item at /education/{id or slug}, its body rendered safely.
import { Badge, Box, Center, Heading, HStack, Spinner, Stack, Tag, Text } from '@chakra-ui/react';
import { lazy, Suspense } from 'react';
import { useParams } from 'wouter';
import { formatDate } from '../../shared/format';
import { EDUCATION_KIND_LABELS } from '../../shared/schemas/education';
import { FeaturedImage } from '../components/education/FeaturedImage';
import { SaveToggle } from '../components/education/SaveToggle';
import { PageHeader } from '../components/layout/PageHeader';
import { trpc } from '../lib/trpc';
import { useDocumentTitle } from '../lib/useDocumentTitle';
import { BackLink } from '../components/common/LinkButton';

// The markdown and HTML renderers are the heaviest part of the Education Center: only here.
const SafeContent = lazy(() => import('../components/education/SafeContent'));

export function EducationItemPage() {
  const { idOrSlug = '' } = useParams<{ idOrSlug: string }>();
  const query = trpc.education.get.useQuery({ idOrSlug });
  const item = query.data;
  useDocumentTitle(item?.title ?? (query.error ? 'Content Not Found' : 'Education Center'));

  if (query.isLoading) {
    return (
      <Center py="16" role="status" aria-label="Loading">
        <Spinner size="lg" />
      </Center>
    );
  }
  if (!item) {
    const notFound = query.error?.data?.code === 'NOT_FOUND';
    return (
      <Stack gap="4">
        <BackLink href="/education" alignSelf="flex-start">
          Back to Education Center
        </BackLink>
        <PageHeader
          title={notFound ? 'Content Not Found' : 'Failed to load education content'}
          subtitle={
            notFound
              ? 'This item does not exist or has been removed.'
              : (query.error?.message ?? 'Please try again.')
          }
        />
      </Stack>
    );
  }
  return (
    <Stack as="article" gap="5" maxW="3xl">
      <BackLink href="/education" alignSelf="flex-start">
        Back to Education Center
      </BackLink>
      <Stack gap="3">
        <HStack gap="2" flexWrap="wrap">
          <Badge colorPalette="purple">{EDUCATION_KIND_LABELS[item.kind]}</Badge>
          {item.category ? <Badge variant="outline">{item.category}</Badge> : null}
        </HStack>
        <Heading as="h1" size="3xl">
          {item.title}
        </Heading>
        <HStack gap="3" color="fg.muted" fontSize="sm" flexWrap="wrap">
          <time dateTime={item.publishDate.toISOString()}>{formatDate(item.publishDate)}</time>
          {item.authorName ? <Text>by {item.authorName}</Text> : null}
          {item.source === 'wordpress' ? <Text>Imported from WordPress</Text> : null}
        </HStack>
        <SaveToggle item={item} withText />
      </Stack>
      {item.featuredImage ? (
        <Box rounded="md" overflow="hidden">
          <FeaturedImage src={item.featuredImage} />
        </Box>
      ) : null}
      {item.excerpt ? (
        <Text fontSize="lg" color="fg.muted">
          {item.excerpt}
        </Text>
      ) : null}
      <Suspense
        fallback={
          <Center py="8" role="status" aria-label="Loading content">
            <Spinner />
          </Center>
        }
      >
        <SafeContent content={item.content} source={item.source} />
      </Suspense>
      {item.tags.length ? (
        <HStack gap="2" flexWrap="wrap">
          {item.tags.map((tag) => (
            <Tag.Root key={tag} size="sm">
              <Tag.Label>{tag}</Tag.Label>
            </Tag.Root>
          ))}
        </HStack>
      ) : null}
    </Stack>
  );
}
