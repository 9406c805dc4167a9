// The organiser's evaluation settings of a submission contest (issue 31 'Evaluation settings'):
// saved with or without a new answer key (and an own sample file). A key is read in a scoring
// worker before anything is kept: one that does not pass is refused with its lines (400 bad_key).
// A change that alters scores (a new key, another metric, option, column or public share) counts
// a new version, and every submission is scored again under it (scoringJob.ts). After the private
// board is published nothing changes; after the end the key stays.
import crypto from 'node:crypto';
import { eq } from 'drizzle-orm';
import type { DB, DbOrTx } from '../../platform/db/client';
import { contestEvaluations } from '../../platform/db/schema';
import type { Actor } from '../../platform/actor';
import { AppError } from '../../platform/errors';
import { WorkerJobError } from '../../platform/workers';
import { writeAudit } from '../audit';
import { SUBMISSION_MESSAGES as M } from '../../../shared/submissions';
import { MAX_FILE_MB, type TEvaluationSettings } from '../../../shared/schemas/submissions';
import {
  hasEnded,
  organisedSubmissionContest,
  organisedSubmissionContestUnlocked,
  readEvaluation,
  type EvaluationRow,
} from './access';
import { keySpecOf } from './keySpec';
import { privatePath, removePrivateFiles, storePrivateFile } from './storage';
import { readKeyInWorker } from './scoringPool';
import { unpackedLimit } from './scoringRun';
import { problemDetails } from './problems';
import type { KeyTaskResult } from './scoring';

export interface SentFile {
  bytes: Buffer;
  name: string;
}

export interface SaveEvaluationInput {
  contestId: number;
  settings: TEvaluationSettings;
  key?: SentFile;
  sample?: SentFile;
}

/** Whether the change alters what a submission scores. */
function scoresChange(before: EvaluationRow, after: TEvaluationSettings, newKey: boolean) {
  return (
    newKey ||
    before.metric !== after.metric ||
    (before.k ?? undefined) !== after.k ||
    (before.positiveLabel ?? undefined) !== (after.positiveLabel || undefined) ||
    before.idColumn !== after.idColumn ||
    before.targetColumns.join('\n') !== after.targetColumns.join('\n') ||
    before.publicFraction !== after.publicFraction
  );
}

/** Reads a stored key as `settings` say, in a worker; throws bad_key with its lines. */
async function checkKey(
  privateDir: string,
  stored: string,
  settings: TEvaluationSettings,
  splitSeed: string,
): Promise<KeyRead> {
  let result: KeyTaskResult;
  try {
    result = await readKeyInWorker({
      keyPath: privatePath(privateDir, stored),
      key: keySpecOf({ ...settings, splitSeed }),
      maxBytes: unpackedLimit(MAX_FILE_MB),
      metric: settings.metric,
      positiveLabel: settings.positiveLabel,
    });
  } catch (error) {
    if (error instanceof WorkerJobError && error.failure === 'failed') {
      throw new AppError('bad_key', error.message);
    }
    if (error instanceof WorkerJobError && error.failure === 'closed') {
      throw new AppError('SERVICE_UNAVAILABLE', M.scoringBusy, { retryAfter: 30 });
    }
    if (error instanceof WorkerJobError && error.failure !== 'crashed') {
      throw new AppError('bad_key', `The answer key could not be read: ${error.message}`);
    }
    throw error;
  }
  if (!result.ok) {
    throw new AppError('bad_key', M.badKey, { details: problemDetails(result) });
  }
  return result;
}

/** The key as read in a worker: what the row keeps of it. */
type KeyRead = Extract<KeyTaskResult, { ok: true }>;

/** The key and sample a write keeps: new files, or the stored ones (and the key read again). */
interface KeyState {
  keyFile: string | null;
  keyName: string | null;
  keyUploadedAt: Date | null;
  sampleFile: string | null;
  sampleName: string | null;
  /** The key read under the new settings; null when there is no key. */
  read: KeyRead | null;
  /** The name of a key sent with this save (a new version whatever else changed). */
  newKeyName?: string;
}

/**
 * The evaluation row written (inserted or updated) in the caller's transaction, with its audit:
 * the one write of the settings, for the Evaluation panel's save and for the wizards and the Edit
 * Contest dialog (their contest row in the same transaction).
 */
async function writeEvaluation(
  tx: DbOrTx,
  actor: Actor,
  contestId: number,
  settings: TEvaluationSettings,
  splitSeed: string,
  state: KeyState,
): Promise<EvaluationRow> {
  const contest = await organisedSubmissionContest(tx, actor, contestId);
  const current = await readEvaluation(tx, contest.id);
  if (current?.publishedAt) throw new AppError('already_published', M.alreadyPublished);
  const newKey = state.newKeyName !== undefined;
  const changed = current ? scoresChange(current, settings, newKey) : false;
  const { read } = state;
  const values = {
    metric: settings.metric,
    k: settings.k ?? null,
    positiveLabel: settings.positiveLabel || null,
    idColumn: settings.idColumn,
    targetColumns: settings.targetColumns,
    publicFraction: settings.publicFraction,
    dailyLimit: settings.dailyLimit,
    totalLimit: settings.totalLimit ?? null,
    maxFileMb: settings.maxFileMb,
    selectionLimit: settings.selectionLimit,
    keyFile: state.keyFile,
    keyName: state.keyName,
    targetKind: read ? keySpecOf({ ...settings, splitSeed }).kind : null,
    keyRows: read?.rows ?? null,
    keyPublicRows: read?.publicCount ?? null,
    keySplit: read?.split ?? null,
    keyUploadedAt: state.keyUploadedAt,
    sampleFile: state.sampleFile,
    sampleName: state.sampleName,
    updatedAt: new Date(),
  };
  const [row] = current
    ? await tx
        .update(contestEvaluations)
        .set({ ...values, version: changed ? current.version + 1 : current.version })
        .where(eq(contestEvaluations.contestId, contest.id))
        .returning()
    : await tx
        .insert(contestEvaluations)
        .values({ ...values, contestId: contest.id, splitSeed, version: 1 })
        .returning();
  await writeAudit({
    db: tx,
    actor,
    action: 'contest.evaluation',
    targetType: 'contest',
    targetId: contest.id,
    after: {
      metric: settings.metric,
      ...(newKey ? { key: state.newKeyName, rows: read?.rows ?? 0 } : {}),
      ...(changed ? { rescore: true } : {}),
    },
  });
  return row!;
}

export async function saveEvaluation(
  { db, privateDir }: { db: DB; privateDir: string },
  actor: Actor,
  input: SaveEvaluationInput,
): Promise<EvaluationRow> {
  const { settings } = input;
  // Refusals first, before a byte is stored or read.
  const before = await db.transaction(async (tx) => {
    const contest = await organisedSubmissionContest(tx, actor, input.contestId);
    const row = await readEvaluation(tx, contest.id);
    if (row?.publishedAt) throw new AppError('already_published', M.alreadyPublished);
    if (input.key && hasEnded(contest, new Date())) throw new AppError('contest_ended', M.ended);
    return row;
  });
  const splitSeed = before?.splitSeed ?? crypto.randomBytes(16).toString('hex');
  const stored: string[] = [];
  try {
    const keyFile = input.key
      ? await storePrivateFile(privateDir, 'keys', input.key.bytes)
      : (before?.keyFile ?? null);
    if (input.key) stored.push(keyFile!);
    const sampleFile = input.sample
      ? await storePrivateFile(privateDir, 'samples', input.sample.bytes)
      : (before?.sampleFile ?? null);
    if (input.sample) stored.push(sampleFile!);
    // The key is read again whenever how it is read changes (columns, metric's kind, split).
    const read = keyFile ? await checkKey(privateDir, keyFile, settings, splitSeed) : null;
    const state: KeyState = {
      keyFile,
      keyName: input.key ? input.key.name : (before?.keyName ?? null),
      keyUploadedAt: input.key ? new Date() : (before?.keyUploadedAt ?? null),
      sampleFile,
      sampleName: input.sample ? input.sample.name : (before?.sampleName ?? null),
      read,
      newKeyName: input.key?.name,
    };
    const saved = await db.transaction((tx) =>
      writeEvaluation(tx, actor, input.contestId, settings, splitSeed, state),
    );
    // The files the new ones replace.
    const replaced = [input.key ? before?.keyFile : null, input.sample ? before?.sampleFile : null];
    await removePrivateFiles(privateDir, replaced);
    return saved;
  } catch (error) {
    await removePrivateFiles(privateDir, stored);
    throw error;
  }
}

/** Settings without files, made ready before the transaction that writes them. */
export interface PreparedSettings {
  settings: TEvaluationSettings;
  splitSeed: string;
  /** The stored key as it was read under the new settings (null: none stored). */
  keyFile: string | null;
  read: KeyRead | null;
}

/**
 * The settings sent with a contest's create or update (the wizards, the Edit Contest dialog): a
 * stored key is read again under them here, in a worker and outside any transaction (a key that
 * no longer fits is refused with its lines, as the panel's save is). `contestId` is undefined
 * for a contest not yet created. Permission and format are checked again when it is written.
 */
export async function prepareEvaluationSettings(
  { db, privateDir }: { db: DB; privateDir: string },
  actor: Actor,
  contestId: number | undefined,
  settings: TEvaluationSettings,
): Promise<PreparedSettings> {
  const row = contestId ? await readEvaluation(db, contestId) : undefined;
  const splitSeed = row?.splitSeed ?? crypto.randomBytes(16).toString('hex');
  if (!row?.keyFile) return { settings, splitSeed, keyFile: null, read: null };
  // Only the organiser's key is read (others are refused before a byte of it is).
  await organisedSubmissionContestUnlocked(db, actor, row.contestId);
  if (row.publishedAt) throw new AppError('already_published', M.alreadyPublished);
  const read = await checkKey(privateDir, row.keyFile, settings, splitSeed);
  return { settings, splitSeed, keyFile: row.keyFile, read };
}

/**
 * Writes prepared settings in the caller's transaction (the contest row's): the stored key and
 * sample stay. A key replaced since it was read for them is a conflict (send again).
 */
export async function writeEvaluationSettings(
  tx: DbOrTx,
  actor: Actor,
  contestId: number,
  prepared: PreparedSettings,
): Promise<EvaluationRow> {
  const current = await readEvaluation(tx, contestId);
  if ((current?.keyFile ?? null) !== prepared.keyFile) {
    throw new AppError('CONFLICT', M.keyChanged);
  }
  return writeEvaluation(
    tx,
    actor,
    contestId,
    prepared.settings,
    current?.splitSeed ?? prepared.splitSeed,
    {
      keyFile: current?.keyFile ?? null,
      keyName: current?.keyName ?? null,
      keyUploadedAt: current?.keyUploadedAt ?? null,
      sampleFile: current?.sampleFile ?? null,
      sampleName: current?.sampleName ?? null,
      read: prepared.read,
    },
  );
}
