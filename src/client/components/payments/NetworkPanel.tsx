// One network's tab of /payment (SPEC 2.12): a QR code made from the configured address, the
// network's description, the address with its copy button, and the amount in USD and in coin.
import { Box, Button, Code, Flex, Stack, Text } from '@chakra-ui/react';
import { Check, Copy } from 'lucide-react';
import type { TPaymentOptions } from '../../../shared/schemas/payments';
import { toastError, toastSuccess } from '../../lib/toaster';
import { useCopyToClipboard } from '../../lib/useCopyToClipboard';
import { QrCode } from '../common/QrCode';
import { NETWORK_DESCRIPTIONS } from './networkInfo';
import { usdText } from './proofLabels';

type Network = TPaymentOptions['networks'][number];

function AmountLine({ label, value }: { label: string; value: string }) {
  return (
    <Flex justify="space-between" gap="4" wrap="wrap" py="1" borderBottomWidth="1px">
      <Text as="dt" color="fg.muted">
        {label}
      </Text>
      <Text as="dd" fontWeight="semibold" fontFamily="mono" m="0">
        {value}
      </Text>
    </Flex>
  );
}

export function NetworkPanel({ network, amountUsd }: { network: Network; amountUsd: string }) {
  const { copied, copy } = useCopyToClipboard();
  const onCopy = async () => {
    if (await copy(network.address)) {
      toastSuccess('Address copied', 'Wallet address has been copied to clipboard');
    } else {
      toastError('Copy failed', 'Select the wallet address and copy it by hand.');
    }
  };
  return (
    <Flex direction={{ base: 'column', md: 'row' }} gap="6" align={{ base: 'center', md: 'start' }}>
      {/* Dark modules on white in both themes: scanners need the contrast. */}
      <Box bg="white" p="3" rounded="md" borderWidth="1px" flexShrink={0}>
        <QrCode
          value={network.address}
          size={176}
          label={`QR code of the ${network.name} wallet address`}
        />
      </Box>
      <Stack gap="4" flex="1" minW="0" w="full">
        <Text>{NETWORK_DESCRIPTIONS[network.network]}</Text>
        <Stack gap="2">
          <Text fontWeight="medium">{network.network} wallet address</Text>
          <Flex gap="2" align="center" wrap="wrap">
            <Code
              flex="1"
              minW="0"
              px="2"
              py="1.5"
              fontSize="sm"
              overflowWrap="anywhere"
              whiteSpace="normal"
            >
              {network.address}
            </Code>
            <Button size="sm" variant="outline" onClick={() => void onCopy()}>
              {copied ? <Check aria-hidden /> : <Copy aria-hidden />}
              {copied ? 'Copied' : 'Copy address'}
            </Button>
          </Flex>
        </Stack>
        <Box as="dl" m="0">
          <AmountLine label="Amount (USD)" value={`${usdText(amountUsd)} USD`} />
          <AmountLine
            label={`Amount (${network.network})`}
            value={`${network.amountCoin} ${network.network}`}
          />
        </Box>
      </Stack>
    </Flex>
  );
}
