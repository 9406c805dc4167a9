// A page's tabs under its header (the open one kept in the address by useTabParam): a line of
// triggers, the panels mounted when first opened.
import { Tabs } from '@chakra-ui/react';
import type { ReactNode } from 'react';

export function PageTabs<T extends string>({
  labels,
  value,
  onChange,
  children,
}: {
  /** Each tab's label, in their order. */
  labels: Readonly<Record<T, string>>;
  value: T;
  onChange: (next: string) => void;
  /** The Tabs.Content panels. */
  children: ReactNode;
}) {
  return (
    <Tabs.Root value={value} onValueChange={(e) => onChange(e.value)} variant="line" lazyMount>
      <Tabs.List mb="6">
        {Object.entries<string>(labels).map(([tab, label]) => (
          <Tabs.Trigger key={tab} value={tab}>
            {label}
          </Tabs.Trigger>
        ))}
      </Tabs.List>
      {children}
    </Tabs.Root>
  );
}
