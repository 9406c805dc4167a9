// The panel a popover opens (the notification bell's, the contest filter's): in the page's main
// landmark, under a title, with an optional footer row.
import { Popover, type SystemStyleObject } from '@chakra-ui/react';
import type { ReactNode } from 'react';
import { LandmarkPortal } from './LandmarkPortal';

export function PopoverPanel({
  title,
  width,
  bodyTop,
  footer,
  children,
}: {
  title: string;
  /** From sm up; on a phone the panel takes the width of the screen. */
  width: string;
  bodyTop?: SystemStyleObject['pt'];
  footer?: ReactNode;
  children: ReactNode;
}) {
  return (
    <LandmarkPortal>
      <Popover.Positioner>
        <Popover.Content w={{ base: 'calc(100vw - 2rem)', sm: width }}>
          {/* A div, not Chakra's <header>: in a portal a <header> is a second banner landmark. */}
          <Popover.Header asChild>
            <div>
              <Popover.Title fontWeight="semibold">{title}</Popover.Title>
            </div>
          </Popover.Header>
          <Popover.Body pt={bodyTop}>{children}</Popover.Body>
          {footer ? <Popover.Footer>{footer}</Popover.Footer> : null}
        </Popover.Content>
      </Popover.Positioner>
    </LandmarkPortal>
  );
}
