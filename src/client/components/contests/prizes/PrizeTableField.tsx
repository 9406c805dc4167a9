// The prize table of a contest (issue 30), in step 4 of both wizards and the Edit Contest dialog,
// bound to the Formik value `prizeTable` (prizeTableValues.ts: null for none). No table, fixed
// prizes, or a pool (a percentage of the entry fees plus a fixed amount); then its rows, each a
// place or a range with its amount (fixed) or its share of the pool per place (pool). Every
// refusal of ZPrizeTable shows under its field by its path (prizeTable.rows.1.from); the one
// about all the rows (the shares add up past 100 %) under the rows.
import { Box, Button, HStack, SimpleGrid, Stack, Text } from '@chakra-ui/react';
import { getIn, useFormikContext } from 'formik';
import { Plus, Trash2 } from 'lucide-react';
import { useId } from 'react';
import { PRIZE_CURRENCIES } from '../../../../shared/prizes';
import { POOL_CURRENCIES, PRIZE_LIMITS, type PrizeKind } from '../../../../shared/schemas/prizes';
import { FormField } from '../../common/FormField';
import { SelectField } from '../../common/SelectField';
import { SelectFilter } from '../../common/SelectFilter';
import {
  newTable,
  nextRow,
  previewText,
  withKind,
  type PrizeTableValues,
} from './prizeTableValues';

const NAME = 'prizeTable';

const KIND_OPTIONS: readonly { value: '' | PrizeKind; label: string }[] = [
  { value: '', label: 'No prize table' },
  { value: 'fixed', label: 'Fixed prizes' },
  { value: 'pool', label: 'Prize pool' },
];

const toOptions = (currencies: readonly string[]) =>
  currencies.map((c) => ({ value: c, label: c }));
const FIXED_CURRENCIES = toOptions(PRIZE_CURRENCIES);
const POOL_CURRENCY_OPTIONS = toOptions(POOL_CURRENCIES);

export function PrizeTableField() {
  const { values, errors, touched, setFieldValue } = useFormikContext<{
    prizeTable: PrizeTableValues | null;
  }>();
  const kindId = useId();
  const table = values.prizeTable;
  const rowsError: unknown = getIn(errors, `${NAME}.rows`);
  const rowsMessage =
    typeof rowsError === 'string' && getIn(touched, `${NAME}.rows`) ? rowsError : null;
  const set = (next: PrizeTableValues | null) => void setFieldValue(NAME, next);

  return (
    <Stack gap="4" borderWidth="1px" rounded="md" p="4">
      {/* Words of its own: 'Prize' alone names the description above. */}
      <SelectFilter
        ids={{ control: kindId }}
        label="Winnings by place"
        value={table?.kind ?? ''}
        options={KIND_OPTIONS}
        selectSize="md"
        onChange={(kind) =>
          set(kind === '' ? null : table ? withKind(table, kind) : newTable(kind))
        }
        helperText="Optional: fixed prizes or a prize pool, by place. The Prize above stays its description."
      />
      {table?.kind === 'pool' ? (
        <SimpleGrid columns={{ base: 1, sm: 2 }} gap="4">
          <FormField
            name={`${NAME}.poolPercentOfFees`}
            label="Percent of entry fees"
            inputMode="decimal"
            helperText="The part of the verified entry fees that goes into the pool."
          />
          <FormField
            name={`${NAME}.poolFixed`}
            label="Fixed amount added"
            inputMode="decimal"
            helperText="Added to the pool, in the rows' currency."
          />
        </SimpleGrid>
      ) : null}
      {table ? <PrizeRows table={table} rowsMessage={rowsMessage} onChange={set} /> : null}
    </Stack>
  );
}

function PrizeRows({
  table,
  rowsMessage,
  onChange,
}: {
  table: PrizeTableValues;
  rowsMessage: string | null;
  onChange: (next: PrizeTableValues) => void;
}) {
  const pool = table.kind === 'pool';
  const preview = previewText(table);
  return (
    <Stack gap="3">
      {table.rows.map((_, i) => (
        <Box
          key={i}
          role="group"
          aria-label={`Row ${i + 1}`}
          borderTopWidth={i ? '1px' : 0}
          pt={i ? '3' : 0}
        >
          <SimpleGrid columns={{ base: 1, sm: 2, lg: 4 }} gap="3">
            <FormField
              name={`${NAME}.rows.${i}.from`}
              label="From place"
              type="number"
              min={1}
              max={PRIZE_LIMITS.place}
              step={1}
            />
            <FormField
              name={`${NAME}.rows.${i}.to`}
              label="To place"
              type="number"
              min={1}
              max={PRIZE_LIMITS.place}
              step={1}
            />
            {pool ? (
              <FormField
                name={`${NAME}.rows.${i}.percent`}
                label="Share of the pool (%)"
                inputMode="decimal"
              />
            ) : (
              <FormField name={`${NAME}.rows.${i}.amount`} label="Amount" inputMode="decimal" />
            )}
            <SelectField
              name={`${NAME}.rows.${i}.currency`}
              label="Currency"
              options={pool ? POOL_CURRENCY_OPTIONS : FIXED_CURRENCIES}
            />
          </SimpleGrid>
          <HStack justify="flex-end" pt="2">
            <Button
              size="sm"
              variant="ghost"
              aria-label={`Remove row ${i + 1}`}
              disabled={table.rows.length === 1}
              onClick={() => onChange({ ...table, rows: table.rows.filter((__, j) => j !== i) })}
            >
              <Trash2 aria-hidden /> Remove row
            </Button>
          </HStack>
        </Box>
      ))}
      {rowsMessage ? (
        <Text color="red.fg" fontSize="sm" role="alert">
          {rowsMessage}
        </Text>
      ) : null}
      <HStack>
        <Button
          size="sm"
          variant="outline"
          disabled={table.rows.length >= PRIZE_LIMITS.rows}
          onClick={() =>
            onChange({ ...table, rows: [...table.rows, nextRow(table.rows, table.kind)] })
          }
        >
          <Plus aria-hidden /> Add row
        </Button>
      </HStack>
      <Text fontSize="sm" color="fg.muted" aria-live="polite">
        {preview ? `${pool ? 'Shares of the pool: ' : 'Prizes: '}${preview}` : null}
      </Text>
    </Stack>
  );
}
