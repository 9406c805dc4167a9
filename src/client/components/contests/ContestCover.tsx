// A contest's cover image, or a placeholder icon when it has none or it fails to load (SPEC 8:
// 'A broken image shows a placeholder icon'). Cards ask for the upload's 640 px variant, which the
// upload service writes beside every image, and fall back to the original if it is missing.
import { Box, Center, Image, type BoxProps } from '@chakra-ui/react';
import { ImageOff, Trophy } from 'lucide-react';
import { useState } from 'react';

const UPLOADED_IMAGE = /^(\/uploads\/[a-f0-9]{32})\.(png|jpg|webp)$/;

/** The sources to try in order: the card variant of an upload (when asked), then the original. */
function sourcesOf(src: string | null, card: boolean): string[] {
  if (!src) return [];
  const match = card ? UPLOADED_IMAGE.exec(src) : null;
  return match ? [`${match[1]}-card.webp`, src] : [src];
}

interface Props extends BoxProps {
  src: string | null;
  /** Empty when the title beside the image already says what it shows. */
  alt?: string;
  /** The small variant, for cards; the detail page shows the original, at once. */
  card?: boolean;
}

export function ContestCover({ src, alt = '', card = false, ...box }: Props) {
  const sources = sourcesOf(src, card);
  // Which source failed last, per cover: a new src starts again from the first.
  const [failed, setFailed] = useState<{ src: string | null; count: number }>({ src, count: 0 });
  const failures = failed.src === src ? failed.count : 0;
  const current = sources[failures];
  return (
    // Covers are 1200x630 (SPEC 9): the box keeps that shape whatever the image does.
    <Box aspectRatio={1200 / 630} bg="bg.muted" overflow="hidden" {...box}>
      {current ? (
        <Image
          key={current}
          src={current}
          alt={alt}
          w="full"
          h="full"
          objectFit="cover"
          loading={card ? 'lazy' : 'eager'}
          onError={() => setFailed({ src, count: failures + 1 })}
        />
      ) : (
        <Center
          h="full"
          color="fg.muted"
          {...(alt ? { role: 'img', 'aria-label': alt } : { 'aria-hidden': true })}
        >
          {src ? <ImageOff size={40} aria-hidden /> : <Trophy size={40} aria-hidden />}
        </Center>
      )}
    </Box>
  );
}
