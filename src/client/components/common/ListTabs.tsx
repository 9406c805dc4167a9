// A list split in tabs (by status, by kind): one trigger per tab, and each tab's panel drawn
// only while it is open (its query runs then, and a panel keeps its own page).
import { Tabs } from '@chakra-ui/react';
import type { ReactNode } from 'react';

interface Props<T extends string> {
  tabs: readonly T[];
  labels: Record<T, string>;
  value: T;
  /** The tab asked for (useTabParam's setter checks it). */
  onChange: (value: string) => void;
  /** Drop a panel when it is left (it starts afresh, from its first page, when opened again). */
  unmountOnExit?: boolean;
  /** Let the triggers wrap onto a second line on a narrow screen. */
  wrap?: boolean;
  children: (tab: T) => ReactNode;
}

export function ListTabs<T extends string>({
  tabs,
  labels,
  value,
  onChange,
  unmountOnExit,
  wrap,
  children,
}: Props<T>) {
  return (
    <Tabs.Root
      value={value}
      onValueChange={(e) => onChange(e.value)}
      variant="line"
      lazyMount
      unmountOnExit={unmountOnExit}
    >
      <Tabs.List mb="4" flexWrap={wrap ? 'wrap' : undefined}>
        {tabs.map((tab) => (
          <Tabs.Trigger key={tab} value={tab}>
            {labels[tab]}
          </Tabs.Trigger>
        ))}
      </Tabs.List>
      {tabs.map((tab) => (
        <Tabs.Content key={tab} value={tab}>
          {children(tab)}
        </Tabs.Content>
      ))}
    </Tabs.Root>
  );
}
