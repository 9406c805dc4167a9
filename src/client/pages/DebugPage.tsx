// SPEC 2.13: checks that the five seeded contests' cover images load, each marked 'Loaded' or
// 'Not loaded'. Each image is looked for under every extension src/shared/contestImages.ts
// lists, so a file replaced by another format is still found.
import {
  Badge,
  Box,
  Center,
  Heading,
  HStack,
  Image,
  SimpleGrid,
  Stack,
  Text,
} from '@chakra-ui/react';
import { ImageOff } from 'lucide-react';
import { useEffect, useState } from 'react';
import { CONTEST_IMAGE_SLUGS, contestImageCandidates } from '../../shared/contestImages';
import { BarePage } from '../components/layout/BarePage';
import { BackLink } from '../components/common/LinkButton';

type Probe = { state: 'checking' } | { state: 'loaded'; src: string } | { state: 'failed' };

/** The first candidate address that loads as an image, tried one after the other. */
function useImageProbe(slug: string): Probe {
  const [probe, setProbe] = useState<Probe>({ state: 'checking' });
  useEffect(() => {
    let live = true;
    const candidates = contestImageCandidates(slug);
    const tryAt = (index: number) => {
      const src = candidates[index];
      if (!src) {
        if (live) setProbe({ state: 'failed' });
        return;
      }
      const image = new window.Image();
      image.onload = () => live && setProbe({ state: 'loaded', src });
      image.onerror = () => live && tryAt(index + 1);
      image.src = src;
    };
    tryAt(0);
    return () => {
      live = false;
    };
  }, [slug]);
  return probe;
}

function ImageCheck({ slug }: { slug: string }) {
  const probe = useImageProbe(slug);
  const label =
    probe.state === 'loaded' ? 'Loaded' : probe.state === 'failed' ? 'Not loaded' : 'Checking';
  return (
    <Stack as="li" borderWidth="1px" rounded="md" p="3" gap="2" aria-label={`${slug}: ${label}`}>
      {probe.state === 'loaded' ? (
        <Image src={probe.src} alt={`Cover of ${slug}`} aspectRatio={16 / 9} objectFit="cover" />
      ) : (
        <Center aspectRatio={16 / 9} bg="bg.muted" color="fg.muted" aria-hidden>
          <ImageOff />
        </Center>
      )}
      <HStack justify="space-between" gap="2">
        <Text fontSize="sm" truncate>
          {probe.state === 'loaded' ? probe.src : slug}
        </Text>
        <Badge
          colorPalette={
            probe.state === 'loaded' ? 'green' : probe.state === 'failed' ? 'red' : 'gray'
          }
        >
          {probe.state === 'loaded' ? '✓ ' : probe.state === 'failed' ? '✗ ' : ''}
          {label}
        </Badge>
      </HStack>
    </Stack>
  );
}

export function DebugPage() {
  return (
    <BarePage title="Image Debug">
      <Box p={{ base: '4', md: '8' }}>
        <Stack gap="6">
          <BackLink href="/" alignSelf="flex-start">
            Back to Dashboard
          </BackLink>
          <Box>
            <Heading as="h1" size="2xl">
              Image Debug
            </Heading>
            <Text color="fg.muted">Whether the five contest cover images load.</Text>
          </Box>
          <SimpleGrid as="ul" columns={{ base: 1, md: 2, lg: 3 }} gap="4" listStyleType="none">
            {CONTEST_IMAGE_SLUGS.map((slug) => (
              <ImageCheck key={slug} slug={slug} />
            ))}
          </SimpleGrid>
        </Stack>
      </Box>
    </BarePage>
  );
}
