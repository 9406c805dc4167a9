// SPEC 2.13: checks that the five shipped contest cover images load.
import {
  Badge,
  Box,
  Button,
  Heading,
  HStack,
  Image,
  SimpleGrid,
  Stack,
  Text,
} from '@chakra-ui/react';
import { ArrowLeft } from 'lucide-react';
import { useState } from 'react';
import { Link } from 'wouter';
import { BarePage } from '../components/layout/BarePage';

export const CONTEST_IMAGES = [
  '/images/contests/the-dake-contest.jpg',
  '/images/contests/candle-games.jpg',
  '/images/contests/forex-sprint.jpg',
  '/images/contests/strategy-masters.jpg',
  '/images/contests/elite-championship.jpg',
];

type State = 'loading' | 'loaded' | 'failed';

export function DebugPage() {
  const [states, setStates] = useState<Record<string, State>>({});
  const mark = (src: string, state: State) => setStates((s) => ({ ...s, [src]: state }));
  return (
    <BarePage title="Image Debug">
      <Box p="8">
        <Button asChild variant="ghost" size="sm" mb="4">
          {/* Signed out, '/' leads on to /auth. */}
          <Link href="/">
            <ArrowLeft size={16} aria-hidden /> Back to Dashboard
          </Link>
        </Button>
        <Heading as="h1" size="2xl" mb="6">
          Image Debug
        </Heading>
        <SimpleGrid columns={{ base: 1, md: 2, lg: 3 }} gap="4">
          {CONTEST_IMAGES.map((src) => {
            const state = states[src] ?? 'loading';
            return (
              <Stack key={src} borderWidth="1px" rounded="md" p="3" gap="2">
                <Image
                  src={src}
                  alt={src}
                  aspectRatio={16 / 9}
                  objectFit="cover"
                  onLoad={() => mark(src, 'loaded')}
                  onError={() => mark(src, 'failed')}
                />
                <HStack justify="space-between">
                  <Text fontSize="sm" truncate>
                    {src}
                  </Text>
                  <Badge
                    colorPalette={
                      state === 'loaded' ? 'green' : state === 'failed' ? 'red' : 'gray'
                    }
                  >
                    {state === 'loaded'
                      ? '✓ Loaded'
                      : state === 'failed'
                        ? '✗ Not loaded'
                        : 'Loading'}
                  </Badge>
                </HStack>
              </Stack>
            );
          })}
        </SimpleGrid>
      </Box>
    </BarePage>
  );
}
