// Plain text with its http(s) links clickable (lib/textLinks.ts): the rest stays text, so nothing
// in the text can become markup or another kind of link.
import { Link } from '@chakra-ui/react';
import { splitLinks } from '../../lib/textLinks';

export function LinkedText({ text }: { text: string }) {
  return (
    <>
      {splitLinks(text).map((piece, i) =>
        'href' in piece ? (
          <Link
            key={i}
            href={piece.href}
            target="_blank"
            rel="noopener noreferrer"
            color="purple.fg"
            textDecoration="underline"
          >
            {piece.href}
          </Link>
        ) : (
          piece.text
        ),
      )}
    </>
  );
}
