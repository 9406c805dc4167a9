// The sample submission members download (issue 31 'Sample submission'): the organiser's own
// file, or one the platform makes from the key's ids with a constant prediction (made once per
// key, in a scoring worker, and kept beside it under the key's own random name).
import crypto from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import type { DB } from '../../platform/db/client';
import type { Actor } from '../../platform/actor';
import { AppError } from '../../platform/errors';
import { SUBMISSION_MESSAGES as M } from '../../../shared/submissions';
import { readEvaluation, visibleSubmissionContest } from './access';
import { keySpecOf } from './keySpec';
import { privatePath } from './storage';
import { sampleInWorker } from './scoringPool';

export async function sampleFileOf(
  { db, privateDir }: { db: DB; privateDir: string },
  viewer: Actor,
  contestId: number,
): Promise<{ path: string; name: string }> {
  const contest = await visibleSubmissionContest(db, viewer, contestId);
  const evaluation = await readEvaluation(db, contest.id);
  if (!evaluation?.keyFile) throw new AppError('no_key', M.noKey);
  const plain = (name: string) => name.replace(/\.gz$/i, '');
  if (evaluation.sampleFile) {
    return {
      path: privatePath(privateDir, evaluation.sampleFile),
      name: plain(evaluation.sampleName ?? 'sample_submission.csv'),
    };
  }
  const made = evaluation.keyFile.replace(/^keys\//, 'samples/');
  const file = privatePath(privateDir, made);
  if (!fs.existsSync(file)) {
    fs.mkdirSync(path.dirname(file), { recursive: true });
    // Made under a name of its own, then renamed: two first downloads at once never see half.
    const partial = `${file}.${crypto.randomBytes(6).toString('hex')}.part`;
    try {
      await sampleInWorker({
        keyPath: privatePath(privateDir, evaluation.keyFile),
        key: keySpecOf(evaluation),
        k: evaluation.k ?? undefined,
        outPath: partial,
      });
      await fs.promises.rename(partial, file);
    } finally {
      await fs.promises.rm(partial, { force: true });
    }
  }
  return { path: file, name: `${contest.slug}-sample-submission.csv` };
}
