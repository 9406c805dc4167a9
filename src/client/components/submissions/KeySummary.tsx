// What the organiser holds of the answer key (never its content): the file, its rows, how many
// of them are public, and how the split was made.
import { DataList } from '@chakra-ui/react';
import { formatDateTime } from '../../../shared/format';
import type { TEvaluationView } from '../../../shared/schemas/submissions';
import { DataFact } from '../common/DataFact';

type Key = NonNullable<TEvaluationView['key']>;

const count = (n: number | null) => (n === null ? '–' : n.toLocaleString('en-US'));

export function splitText(key: Key, publicFraction: number): string {
  if (key.split === 'column') return "By the key's split column";
  if (key.split === 'hash')
    return `${Math.round(publicFraction * 1000) / 10}% public, by a hash of the id`;
  return '–';
}

export function KeySummary({ keyInfo, publicFraction }: { keyInfo: Key; publicFraction: number }) {
  return (
    <DataList.Root orientation="horizontal" size="sm" aria-label="Answer key">
      <DataFact label="Answer key">{keyInfo.fileName ?? 'Not uploaded yet'}</DataFact>
      <DataFact label="Rows">{count(keyInfo.rows)}</DataFact>
      <DataFact label="Public rows">{count(keyInfo.publicRows)}</DataFact>
      <DataFact label="Split">{splitText(keyInfo, publicFraction)}</DataFact>
      {keyInfo.uploadedAt ? (
        <DataFact label="Uploaded">{formatDateTime(keyInfo.uploadedAt)}</DataFact>
      ) : null}
    </DataList.Root>
  );
}
