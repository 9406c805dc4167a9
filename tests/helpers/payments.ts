// Payment fixtures: a configured wallet address, proofs written straight into the database, and
// hashes and addresses that pass SPEC 5's rules.
import crypto from 'node:crypto';
import { eq } from 'drizzle-orm';
import type { DB } from '../../src/server/platform/db/client';
import { paymentProofs, users } from '../../src/server/platform/db/schema';
import { getPaymentConfig, savePaymentConfig } from '../../src/server/domain/settings';
import { submitProof } from '../../src/server/domain/money';
import { storeUpload } from '../../src/server/platform/files/uploads';
import type { TSubmitProofRequest } from '../../src/shared/schemas/payments';
import { PNG } from './accounts';
import type { CreatedUser, TestDb } from './db';
import { normalizeTxHash, type PaymentNetwork, type ProofStatus } from '../../src/shared/payments';
import type { Tier } from '../../src/shared/constants';

/** Valid receiving addresses per network (shapes of settings.ts ADDRESS_PATTERNS). */
export const WALLETS: Record<PaymentNetwork, string> = {
  ETH: `0x${'1'.repeat(40)}`,
  MATIC: `0x${'2'.repeat(40)}`,
  BNB: `0x${'3'.repeat(40)}`,
  BTC: 'bc1qxy2kgdygjrsqtzq2n0yrf2493p83kkfjhx0wlh',
  SOL: '7EcDhSYGxXyscszYEp35KHN8vvw3svAuLKTzXwCFLtV',
  TRX: 'TLa2f6VPqDgRE67v1736s7bJ8Ray5wYjU7',
};

/** Gives one network a wallet address (the others keep theirs). */
export async function configureNetwork(
  db: DB,
  network: PaymentNetwork,
  address = WALLETS[network],
) {
  const config = await getPaymentConfig({ db });
  await savePaymentConfig({
    db,
    value: {
      ...config,
      networks: { ...config.networks, [network]: { ...config.networks[network], address } },
    },
  });
}

/** Sets the price of a tier (USD) in the payment settings (the other prices keep theirs). */
export async function setTierPrice(db: DB, tier: 'standard' | 'pro' | 'elite', usd: number) {
  const config = await getPaymentConfig({ db });
  await savePaymentConfig({
    db,
    value: { ...config, tierPrices: { ...config.tierPrices, [tier]: usd } },
  });
}

/**
 * A proof sent through the service, with its rules and the server's amounts, as the member's
 * dialog sends it (an ETH hash and sender unless given); `withFile` uploads a PNG screenshot of
 * the member's first. Answers the stored proof.
 */
export async function sendProofAs(
  t: TestDb,
  user: CreatedUser,
  input: Partial<TSubmitProofRequest> &
    ({ contestId: number } | { tier: 'standard' | 'pro' | 'elite' }),
  { withFile = false }: { withFile?: boolean } = {},
) {
  const actor = { id: user.id, username: user.username, role: user.role };
  const proofFile = withFile
    ? (
        await storeUpload({
          db: t.db,
          uploadDir: t.deps.uploadDir,
          actor,
          purpose: 'proof',
          buffer: PNG,
          originalName: 'receipt.png',
        })
      ).fileUrl
    : null;
  const network = input.network ?? 'ETH';
  return await submitProof({
    db: t.db,
    actor,
    input: {
      network,
      txHash: txHashFor(network),
      senderAddress: SENDERS[network],
      notes: '',
      proofFile,
      ...input,
    } as Parameters<typeof submitProof>[0]['input'],
  });
}

/** A fresh, valid transaction hash (EVM style: 0x + 64 hex digits). */
export function txHash(): string {
  return `0x${crypto.randomBytes(32).toString('hex')}`;
}

const BASE58 = '123456789ABCDEFGHJKLMNPQRSTUVWXYZabcdefghijkmnopqrstuvwxyz';

/** Bytes in base58 (Bitcoin's alphabet), as Solana writes signatures and keys. */
export function base58(bytes: Uint8Array): string {
  let n = BigInt(`0x${Buffer.from(bytes).toString('hex') || '0'}`);
  let out = '';
  while (n > 0n) {
    out = BASE58[Number(n % 58n)] + out;
    n /= 58n;
  }
  for (const byte of bytes) {
    if (byte !== 0) break;
    out = `1${out}`;
  }
  return out;
}

/** A fresh, valid transaction hash of a network (as a member would paste it). */
export function txHashFor(network: PaymentNetwork): string {
  if (network === 'SOL') {
    // 87 or 88 characters, as almost every real signature (one in 300 has 86).
    for (;;) {
      const signature = base58(crypto.randomBytes(64));
      if (signature.length >= 87) return signature;
    }
  }
  const hex = crypto.randomBytes(32).toString('hex');
  return network === 'BTC' || network === 'TRX' ? hex : `0x${hex}`;
}

/** Valid sending addresses per network (the member's own wallet). */
export const SENDERS: Record<PaymentNetwork, string> = {
  ETH: `0x${'9'.repeat(40)}`,
  MATIC: `0x${'8'.repeat(40)}`,
  BNB: `0x${'7'.repeat(40)}`,
  BTC: '1BvBMSEYstWetqTFn5Au4m4GFg7xJaNVN2',
  SOL: 'DRpbCBMxVnDK7maPM5tGv6MvB3v1sRMC86PZ8okm21hy',
  TRX: 'TN3W4H6rK2ce4vX9YnFQHwKENnHjoxb3m9',
};

export const SENDER = SENDERS.ETH;

/** A proof row written directly (no rules), in whatever state a test needs. */
export async function insertProof(
  db: DB,
  values: {
    userId: number;
    contestId?: number;
    tier?: Tier;
    status?: ProofStatus;
    network?: PaymentNetwork;
    reason?: string;
    /** As sent; stored normalised, as submitProof stores it. */
    txHash?: string;
    createdAt?: Date;
  },
): Promise<number> {
  const [user] = await db
    .select({ username: users.username })
    .from(users)
    .where(eq(users.id, values.userId));
  const network = values.network ?? 'ETH';
  const [row] = await db
    .insert(paymentProofs)
    .values({
      userId: values.userId,
      username: user?.username ?? 'someone',
      purpose: values.tier ? 'tier_upgrade' : 'entry_fee',
      contestId: values.contestId ?? null,
      tier: values.tier ?? null,
      network,
      walletAddress: WALLETS[network],
      txHash: normalizeTxHash(network, values.txHash ?? txHashFor(network)),
      senderAddress: SENDERS[network],
      amountUsd: '25.00',
      amountCoin: '0.01050000',
      rate: 0.00042,
      status: values.status ?? 'pending',
      reason: values.status === 'rejected' ? (values.reason ?? 'Not found on chain') : null,
      ...(values.createdAt ? { createdAt: values.createdAt } : {}),
    })
    .returning({ id: paymentProofs.id });
  return row!.id;
}
