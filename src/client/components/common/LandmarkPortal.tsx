// Menus and popovers open inside the page's <main>, not at the end of <body>: content outside
// every landmark is missed by landmark navigation (axe 'region'). Positioned by Chakra as before,
// so where they sit in the DOM changes nothing on screen; without a main (never, in the app's
// layout), they go to <body> as Chakra's Portal does.
import { Portal } from '@chakra-ui/react';
import type { ReactNode, RefObject } from 'react';
import { MAIN_ID } from '../layout/MainLandmark';

/** Read when the portal mounts: the main of the page shown then. */
const mainLandmark: RefObject<HTMLElement | null> = {
  get current() {
    return document.getElementById(MAIN_ID);
  },
};

export function LandmarkPortal({ children }: { children: ReactNode }) {
  return <Portal container={mainLandmark}>{children}</Portal>;
}
