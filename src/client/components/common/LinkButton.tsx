// A link that looks like a button (wouter's Link inside Chakra's Button), with an optional icon
// before its words; and the ghost 'Back to ...' link above a page's content.
import { Box, Button, type ButtonProps } from '@chakra-ui/react';
import { ArrowLeft, type LucideIcon } from 'lucide-react';
import type { ReactNode } from 'react';
import { Link } from 'wouter';

export function LinkButton({
  href,
  icon: Icon,
  iconSize,
  children,
  ...buttonProps
}: Omit<ButtonProps, 'asChild'> & {
  href: string;
  icon?: LucideIcon;
  /** Lucide's own 24 when not given. */
  iconSize?: number;
  children: ReactNode;
}) {
  return (
    <Button asChild {...buttonProps}>
      <Link href={href}>
        {Icon ? (
          <>
            <Icon size={iconSize} aria-hidden /> {children}
          </>
        ) : (
          children
        )}
      </Link>
    </Button>
  );
}

/** Back to the page this one belongs to; it sits at the start edge of the content. */
export function BackLink({
  href,
  children,
  ...buttonProps
}: Omit<ButtonProps, 'asChild'> & { href: string; children: ReactNode }) {
  return (
    <LinkButton
      href={href}
      icon={ArrowLeft}
      iconSize={16}
      variant="ghost"
      size="sm"
      ms="-2"
      {...buttonProps}
    >
      {children}
    </LinkButton>
  );
}

/** Which item a card's 'View ...' link is about, for screen readers (the card shows it). */
export function OfTitle({ title }: { title: string }) {
  return (
    <Box as="span" srOnly>
      {' '}
      of {title}
    </Box>
  );
}
