// One labelled fact of a DataList (a contest's dates, a team's captain, a match's opponent).
import { DataList } from '@chakra-ui/react';
import type { ReactNode } from 'react';

export function DataFact({
  label,
  children,
  ...valueProps
}: DataList.ItemValueProps & { label: ReactNode; children: ReactNode }) {
  return (
    <DataList.Item>
      <DataList.ItemLabel>{label}</DataList.ItemLabel>
      <DataList.ItemValue {...valueProps}>{children}</DataList.ItemValue>
    </DataList.Item>
  );
}
