// The page's <main> and the 'Skip to main content' link that leads to it: every page, with the
// app's layout or bare (sign-in, 404, maintenance, debug), starts with the link and has one main.
import { Box, chakra, type BoxProps } from '@chakra-ui/react';

export const MAIN_ID = 'main-content';

/** Must be the page's first focusable element. */
export function SkipLink() {
  return (
    <chakra.a
      href={`#${MAIN_ID}`}
      onClick={(event) => {
        // Focus moves into the content without a '#main-content' added to the address.
        event.preventDefault();
        document.getElementById(MAIN_ID)?.focus();
      }}
      position="fixed"
      top="2"
      insetStart="2"
      zIndex="skipNav"
      px="4"
      py="2"
      rounded="md"
      borderWidth="1px"
      bg="bg"
      color="fg"
      fontWeight="medium"
      boxShadow="md"
      // Off screen until it has the keyboard's focus: :focus-visible, not :focus, so focus that a
      // script or a click moves here (a wizard's step change, a closing dialog's return) never
      // shows it to someone using a mouse.
      transform="translateY(-200%)"
      _focusVisible={{ transform: 'none' }}
    >
      Skip to main content
    </chakra.a>
  );
}

export function MainLandmark(props: BoxProps) {
  // tabIndex -1: the skip link can move focus here; the focus ring of a whole page helps no one.
  return <Box as="main" id={MAIN_ID} tabIndex={-1} outline="none" {...props} />;
}
