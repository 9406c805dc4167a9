// After an in-app navigation, focus moves to the new page's h1, so a keyboard or screen reader
// user starts at the page they opened instead of on <body> (76 Tab presses to 'Pay entry fee').
// Not on the first load: the browser starts at the top, and the skip link is the first stop.
import { useEffect, useRef } from 'react';
import { useLocation } from 'wouter';

/** Pages load their code and data first: their h1 is waited for this long at most. */
const HEADING_WAIT_MS = 10_000;

/** The page's h1, once it is shown (a page waiting on its code may still be in the DOM, hidden). */
function pageHeading(): HTMLElement | null {
  const headings = [
    ...document.querySelectorAll<HTMLElement>('main h1'),
    ...document.querySelectorAll<HTMLElement>('h1'),
  ];
  return headings.find((h) => h.getClientRects().length > 0) ?? null;
}

function watch(onChange: () => void): MutationObserver {
  const observer = new MutationObserver(onChange);
  observer.observe(document.body, {
    childList: true,
    subtree: true,
    attributes: true,
    attributeFilter: ['style', 'hidden'],
  });
  return observer;
}

/** A dialog, a menu or a field the person is already in keeps the focus. */
function focusIsTaken(before: Element | null): boolean {
  const active = document.activeElement;
  if (document.querySelector('[role="dialog"][aria-modal="true"], [role="alertdialog"]')) {
    return true;
  }
  if (!active || active === document.body || active === document.documentElement) return false;
  // The link or button that led here (still there when the layout stays) gives way.
  return active !== before;
}

function focusHeading(heading: HTMLElement) {
  // Focusable by script only; global CSS (lib/system.ts) keeps it without an outline.
  if (!heading.hasAttribute('tabindex')) heading.setAttribute('tabindex', '-1');
  heading.focus();
}

export function RouteFocus() {
  const [location] = useLocation();
  const previous = useRef<string | null>(null);
  // A redirect while the first screen is still loading ('/' to '/admin') is part of that load.
  const firstScreenShown = useRef(false);

  useEffect(() => {
    if (firstScreenShown.current) return;
    const seen = () => {
      if (!pageHeading()) return false;
      firstScreenShown.current = true;
      return true;
    };
    if (seen()) return;
    const observer = watch(() => {
      if (seen()) stop();
    });
    // A person who clicks or types before the first heading shows (a link in the layout) is
    // navigating, not being redirected: their navigation moves the focus too.
    const acted = () => {
      firstScreenShown.current = true;
      stop();
    };
    const stop = () => {
      observer.disconnect();
      document.removeEventListener('pointerdown', acted, true);
      document.removeEventListener('keydown', acted, true);
    };
    document.addEventListener('pointerdown', acted, true);
    document.addEventListener('keydown', acted, true);
    return stop;
  }, []);

  useEffect(() => {
    const from = previous.current;
    previous.current = location;
    if (from === null || from === location || !firstScreenShown.current) return;
    const before = document.activeElement;
    let focusedHeading: HTMLElement | null = null;
    const tryFocus = () => {
      // A heading already focused that a later render replaced (the page's code or data came
      // in) left the focus on <body>: the new heading takes it, as long as nobody moved it.
      if (focusedHeading) {
        if (focusedHeading.isConnected && focusedHeading.getClientRects().length > 0) return;
        if (document.activeElement !== document.body && document.activeElement !== focusedHeading) {
          return;
        }
      } else if (focusIsTaken(before)) {
        return;
      }
      const heading = pageHeading();
      if (!heading) return;
      focusedHeading = heading;
      focusHeading(heading);
    };
    tryFocus();
    // Watched for the whole wait: the first heading shown may be a placeholder's.
    const observer = watch(tryFocus);
    const timer = setTimeout(() => observer.disconnect(), HEADING_WAIT_MS);
    return () => {
      observer.disconnect();
      clearTimeout(timer);
    };
  }, [location]);

  return null;
}
