// SPEC 3's crypto network record, less what the admin configures (address and rate): how each
// network is described to the member who pays on it.
import type { PaymentNetwork } from '../../../shared/payments';

export const NETWORK_DESCRIPTIONS: Record<PaymentNetwork, string> = {
  ETH: 'Send ETH on the Ethereum mainnet (ERC-20 address).',
  BTC: 'Send BTC on the Bitcoin network.',
  SOL: 'Send SOL on the Solana network.',
  MATIC: 'Send MATIC (POL) on the Polygon PoS network.',
  TRX: 'Send TRX on the Tron network (TRC-20 address).',
  BNB: 'Send BNB on BNB Smart Chain (BEP-20 address).',
};
