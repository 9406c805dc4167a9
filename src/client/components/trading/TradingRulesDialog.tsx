// The contest page's rules dialog (issue 34): the organiser sets or changes a trading contest's
// rules on their own (trading.setRules), with the same fields as the wizards and the Edit Contest
// dialog. It is also where a wizard leaves the organiser when the rules could not be saved.
import { Stack } from '@chakra-ui/react';
import type { TTradingRulesView } from '../../../shared/schemas/trading';
import { errorMessage } from '../../lib/errors';
import { keyedToasts } from '../../lib/toaster';
import { trpc } from '../../lib/trpc';
import { DialogFormActions } from '../common/FormButtons';
import { RowFormDialog } from '../common/RowFormDialog';
import { initialTradingRulesValues, rulesOf, tradingRulesFormSchema } from './rulesForm';
import { TradingRulesFields } from './TradingRulesFields';

const toasts = keyedToasts('tradingRules');

export function TradingRulesDialog({
  view,
  onClose,
}: {
  /** The contest's rules as read; null: closed. */
  view: TTradingRulesView | null;
  onClose: () => void;
}) {
  const setRules = trpc.trading.setRules.useMutation({
    onError: (error) =>
      toasts.error('Trading rules not saved', errorMessage(error, 'Failed to save the rules')),
  });
  return (
    <RowFormDialog
      row={view}
      title="Trading rules"
      onClose={onClose}
      form={(view) => ({
        initialValues: initialTradingRulesValues(view.rules),
        schema: tradingRulesFormSchema,
        validateOnBlur: false,
        submit: (values) => setRules.mutateAsync({ contestId: view.contestId, ...rulesOf(values) }),
        onSuccess: () => {
          toasts.success('Trading rules saved', 'The board is ranked by the new rules.');
          onClose();
        },
      })}
    >
      {() => (
        <Stack gap="4">
          <TradingRulesFields />
          <DialogFormActions onCancel={onClose} submitLabel="Save Rules" />
        </Stack>
      )}
    </RowFormDialog>
  );
}
