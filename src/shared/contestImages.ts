// The seeded contests' cover images, shipped in public/images/contests/<slug>.<ext>. The files
// may be SVG placeholders or real photos: whoever looks one up tries these extensions in order,
// so replacing a file with another format needs no code change.
import { DEMO_CONTEST_SLUGS } from './contests';

export const CONTEST_IMAGE_SLUGS = DEMO_CONTEST_SLUGS;
export type ContestImageSlug = (typeof CONTEST_IMAGE_SLUGS)[number];

export const CONTEST_IMAGE_DIR = '/images/contests';
export const CONTEST_IMAGE_EXTENSIONS = ['webp', 'jpg', 'jpeg', 'png', 'avif', 'svg'] as const;

/** Every address the slug's image may have, most likely first. */
export function contestImageCandidates(slug: string): string[] {
  return CONTEST_IMAGE_EXTENSIONS.map((ext) => `${CONTEST_IMAGE_DIR}/${slug}.${ext}`);
}
