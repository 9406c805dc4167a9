// 'Discuss this': a link to a new topic of the contest's discussion, prefilled with what the
// reader was looking at (a failed submission, a disputed match, a rejected payment proof). Shown
// only when the contest has a discussion.
import { Link as ChakraLink } from '@chakra-ui/react';
import { MessageSquare } from 'lucide-react';
import { Link } from 'wouter';
import { discussHref } from './discussionParams';

export function DiscussLink({
  contestId,
  enableComments,
  title,
  body,
  label = 'Discuss this',
}: {
  contestId: number;
  /** The contest's comments switch: no discussion, no link. */
  enableComments: boolean | undefined;
  title: string;
  body: string;
  /** The link's words when 'Discuss this' alone would not say what (a row among many). */
  label?: string;
}) {
  if (!enableComments) return null;
  return (
    <ChakraLink asChild color="purple.fg" fontSize="sm" variant="underline">
      <Link href={discussHref(contestId, title, body)}>
        <MessageSquare size={14} aria-hidden /> {label}
      </Link>
    </ChakraLink>
  );
}
