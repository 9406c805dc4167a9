// The dashboard's two-banner carousel (SPEC 2.4, 9): it advances every 5 s, has arrows and dots,
// and follows the WAI-ARIA carousel pattern: it pauses while pointed at or focused, has a
// pause button (WCAG 2.2.2), and does not move by itself for those who prefer reduced motion.
// Hand-written: two slides need a few lines, where Chakra's Carousel (scroll snapping) has no
// pause on hover or focus.
import { Box, Flex, HStack, IconButton, Image, Text, chakra } from '@chakra-ui/react';
import { ChevronLeft, ChevronRight, Pause, Play } from 'lucide-react';
import { useEffect, useState, useSyncExternalStore } from 'react';
import { Link } from 'wouter';
import { BannerFacts } from './BannerFacts';

export const BANNER_INTERVAL_MS = 5000;

interface Banner {
  slug: string;
  title: string;
  tagline: string;
  /**
   * The image carries the title itself (the seed's covers do): no text is drawn over it, the
   * words stay for screen readers, and the whole image shows, so its lettering is never cut off.
   */
  titleInImage: boolean;
}

const BANNERS: readonly Banner[] = [
  {
    slug: 'the-dake-contest',
    title: 'The Dake Contest',
    tagline: 'A week of forex trading',
    titleInImage: true,
  },
  {
    slug: 'candle-games',
    title: 'Candle Games',
    tagline: 'Read the candles, climb the board',
    titleInImage: true,
  },
];

/** The seed's covers are 1200 x 630. */
const COVER_RATIO = 1200 / 630;

const REDUCED_MOTION = '(prefers-reduced-motion: reduce)';

function usePrefersReducedMotion(): boolean {
  return useSyncExternalStore(
    (onChange) => {
      const query = window.matchMedia(REDUCED_MOTION);
      query.addEventListener('change', onChange);
      return () => query.removeEventListener('change', onChange);
    },
    () => window.matchMedia(REDUCED_MOTION).matches,
  );
}

/** The previous and next arrows, on the banner's two edges. */
const ARROWS = [
  { label: 'Previous banner', step: -1, edge: { insetStart: '2' }, Icon: ChevronLeft },
  { label: 'Next banner', step: 1, edge: { insetEnd: '2' }, Icon: ChevronRight },
] as const;

export function BannerCarousel() {
  const [index, setIndex] = useState(0);
  const [hovered, setHovered] = useState(false);
  const [focused, setFocused] = useState(false);
  const [stopped, setStopped] = useState(false);
  const reducedMotion = usePrefersReducedMotion();
  const playing = !stopped && !reducedMotion;
  const moving = playing && !hovered && !focused;
  const count = BANNERS.length;

  useEffect(() => {
    if (!moving) return;
    const timer = setInterval(() => setIndex((i) => (i + 1) % count), BANNER_INTERVAL_MS);
    return () => clearInterval(timer);
  }, [moving, count]);

  const go = (next: number) => setIndex((next + count) % count);

  return (
    <Box
      as="section"
      aria-roledescription="carousel"
      aria-label="Featured banners"
      position="relative"
      rounded="lg"
      overflow="hidden"
      mb="8"
      onMouseEnter={() => setHovered(true)}
      onMouseLeave={() => setHovered(false)}
      onFocus={() => setFocused(true)}
      onBlur={(e) => {
        if (!e.currentTarget.contains(e.relatedTarget as Node | null)) setFocused(false);
      }}
    >
      {/* Announces a slide change only when the visitor made it, not on every tick. */}
      <Box aria-live={moving ? 'off' : 'polite'} aria-atomic="false">
        {BANNERS.map((banner, i) => (
          <Box
            key={banner.slug}
            role="group"
            aria-roledescription="slide"
            aria-label={`${i + 1} of ${count}`}
            hidden={i !== index}
            position="relative"
          >
            <Link href={`/contests/${banner.slug}`}>
              <Box
                position="relative"
                aspectRatio={banner.titleInImage ? COVER_RATIO : { base: 16 / 9, md: 1200 / 400 }}
                bg="bg.muted"
              >
                <Image
                  src={`/images/contests/${banner.slug}.jpg`}
                  alt=""
                  w="full"
                  h="full"
                  objectFit="cover"
                />
                <Flex
                  position="absolute"
                  inset="0"
                  direction="column"
                  justify="flex-end"
                  p={{ base: '4', md: '8' }}
                  pb={{ base: '10', md: '12' }}
                  // A dark gradient behind the text keeps it readable on any image, in any theme.
                  {...(banner.titleInImage
                    ? {}
                    : {
                        bgGradient: 'to-t',
                        gradientFrom: 'blackAlpha.800',
                        gradientTo: 'transparent',
                      })}
                  color="white"
                >
                  <Text
                    fontSize={{ base: 'xl', md: '3xl' }}
                    fontWeight="bold"
                    srOnly={banner.titleInImage}
                  >
                    {banner.title}
                  </Text>
                  <Text fontSize={{ base: 'sm', md: 'md' }} srOnly={banner.titleInImage}>
                    {banner.tagline}
                  </Text>
                  <BannerFacts slug={banner.slug} />
                </Flex>
              </Box>
            </Link>
          </Box>
        ))}
      </Box>
      {ARROWS.map(({ label, step, edge, Icon }) => (
        <IconButton
          key={label}
          aria-label={label}
          position="absolute"
          {...edge}
          top="50%"
          transform="translateY(-50%)"
          rounded="full"
          size="sm"
          variant="solid"
          colorPalette="gray"
          onClick={() => go(index + step)}
        >
          <Icon />
        </IconButton>
      ))}
      <HStack position="absolute" bottom="2" insetX="0" justify="center" gap="1">
        {reducedMotion ? null : (
          <IconButton
            aria-label={stopped ? 'Start automatic slide show' : 'Stop automatic slide show'}
            size="xs"
            variant="ghost"
            color="white"
            _hover={{ bg: 'whiteAlpha.300' }}
            onClick={() => setStopped(!stopped)}
          >
            {stopped ? <Play /> : <Pause />}
          </IconButton>
        )}
        {BANNERS.map((banner, i) => (
          <chakra.button
            type="button"
            key={banner.slug}
            aria-label={`Show banner ${i + 1}: ${banner.title}`}
            aria-current={i === index ? 'true' : undefined}
            onClick={() => go(i)}
            w="6"
            h="6"
            display="grid"
            placeItems="center"
            cursor="pointer"
            rounded="full"
            _focusVisible={{ outline: '2px solid white', outlineOffset: '1px' }}
          >
            <Box
              w="2.5"
              h="2.5"
              rounded="full"
              borderWidth="1px"
              borderColor="white"
              bg={i === index ? 'white' : 'transparent'}
            />
          </chakra.button>
        ))}
      </HStack>
    </Box>
  );
}
