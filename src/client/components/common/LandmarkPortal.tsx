// Menus and popovers open inside the page's <main>, not at the end of <body>: content outside
// every landmark is missed by landmark navigation (axe 'region'). Positioned by Chakra as before,
// so where they sit in the DOM changes nothing on screen; without a main (never, in the app's
// layout), they go to <body> as Chakra's Portal does.
import { useLayoutEffect, useState, type ReactNode } from 'react';
import { createPortal } from 'react-dom';
import { MAIN_ID } from '../layout/MainLandmark';

export function LandmarkPortal({ children }: { children: ReactNode }) {
  // Found once the page is in the document (a render may still see the previous page's main),
  // and before the first paint: a menu's or popover's parts (its title) are there when it
  // checks for them, and are never moved from one container to another.
  const [host, setHost] = useState<HTMLElement | null>(null);
  useLayoutEffect(() => {
    setHost(document.getElementById(MAIN_ID) ?? document.body);
  }, []);
  return host ? createPortal(children, host) : null;
}
