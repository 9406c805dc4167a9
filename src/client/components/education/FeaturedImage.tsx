// An item's picture, or a placeholder icon when it has none or it does not load (SPEC 8).
import { Center, Image } from '@chakra-ui/react';
import { ImageOff } from 'lucide-react';
import { useState } from 'react';

/** The upload service's 640 px copy of an image it stored (platform/files/uploads.ts names them). */
export function cardVariantOf(url: string): string {
  const match = /^\/uploads\/([a-f0-9]{32})\.(png|jpg|webp)$/.exec(url);
  return match ? `/uploads/${match[1]}-card.webp` : url;
}

interface Props {
  src: string | null;
  /** Cards take the small copy; the item page the full picture. */
  variant?: 'card' | 'full';
}

// Decorative: the item's title stands right beside it, so screen readers skip it.
export function FeaturedImage({ src, variant = 'full' }: Props) {
  const [broken, setBroken] = useState<string | null>(null);
  if (!src || broken === src) {
    return (
      <Center
        aspectRatio={16 / 9}
        bg="bg.muted"
        color="fg.muted"
        w="full"
        aria-hidden
        data-testid="image-placeholder"
      >
        <ImageOff size={32} aria-hidden />
      </Center>
    );
  }
  return (
    <Image
      src={variant === 'card' ? cardVariantOf(src) : src}
      alt=""
      aspectRatio={16 / 9}
      objectFit="cover"
      w="full"
      loading="lazy"
      onError={() => setBroken(src)}
    />
  );
}
