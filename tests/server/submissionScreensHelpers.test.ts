// The submission contest screens' pure client helpers (issue 31): the shake-up's arrows and
// words, a refused file's problems as the upload helper reads them (each line named once), and
// the evaluation form's way from typed text to the settings the server takes.
import { describe, expect, it } from 'vitest';
import { shakeUpLabel, shakeUpText } from '../../src/client/components/submissions/shakeUp';
import {
  evaluationFormSchema,
  initialEvaluationValues,
  settingsOf,
} from '../../src/client/components/submissions/evaluationForm';
import { problemText, refusalOf } from '../../src/client/lib/uploadCsv';

describe('the shake-up', () => {
  it('shows a move up, down, none, or no public rank', () => {
    expect(shakeUpText(4, 1)).toBe('▲ 3');
    expect(shakeUpText(1, 2)).toBe('▼ 1');
    expect(shakeUpText(2, 2)).toBe('–');
    expect(shakeUpText(null, 5)).toBe('–');
    expect(shakeUpLabel(4, 1)).toBe('up 3 places from public rank 4');
    expect(shakeUpLabel(1, 2)).toBe('down 1 place from public rank 1');
    expect(shakeUpLabel(null, 5)).toBe('not on the public board');
  });
});

describe('a refused file', () => {
  it('reads the lines and the total of a 400, and names each line once', () => {
    const refusal = refusalOf(
      400,
      {
        message: 'The file does not pass the check',
        reason: 'bad_submission',
        lines: [
          { line: 3, message: 'line 3: id r1 appears twice (first on line 2)' },
          { line: null, message: 'id r9 is missing' },
          { line: 'x', message: 7 },
        ],
        total: 140,
      },
      'fallback',
    );
    expect(refusal.reason).toBe('bad_submission');
    expect(refusal.total).toBe(140);
    expect(refusal.lines.map(problemText)).toEqual([
      'line 3: id r1 appears twice (first on line 2)',
      'id r9 is missing',
    ]);
    expect(problemText({ line: 17, message: 'id 4411 appears twice' })).toBe(
      'line 17: id 4411 appears twice',
    );
  });

  it('falls back to a plain message for a body that says nothing (a proxy, a 413)', () => {
    expect(refusalOf(502, null, 'Could not send').message).toBe('Could not send');
    expect(refusalOf(413, '<html>', 'Could not send').message).toBe('The file is too large');
  });
});

describe('the evaluation form', () => {
  const typed = { ...initialEvaluationValues(null), metric: 'map_at_k' as const };

  it('starts from the defaults and sends them as the settings', () => {
    expect(initialEvaluationValues(null)).toMatchObject({ metric: '', publicPercent: '30' });
    const settings = settingsOf({ ...typed, k: '5', targetColumns: ' a, b ,', totalLimit: '' });
    expect(settings).toMatchObject({
      metric: 'map_at_k',
      k: 5,
      targetColumns: ['a', 'b'],
      publicFraction: 0.3,
      totalLimit: null,
    });
    expect(settingsOf({ ...typed, metric: 'rmse', k: '5' }).k).toBeUndefined();
  });

  it('puts each rule on its field, an emptied field (Formik sends undefined) included', () => {
    const issues = (values: object) =>
      Object.fromEntries(
        (evaluationFormSchema.safeParse(values).error?.issues ?? []).map((i) => [
          String(i.path[0]),
          i.message,
        ]),
      );
    expect(issues({ ...typed, k: '5' })).toEqual({});
    expect(issues({ ...typed, k: undefined })).toEqual({ k: 'MAP@K needs k' });
    expect(issues({ ...typed, k: '5', publicPercent: '100' })).toHaveProperty('publicPercent');
    expect(issues({ ...typed, k: '5', dailyLimit: undefined })).toEqual({
      dailyLimit: 'Enter the daily limit',
    });
    expect(issues({ ...typed, k: '5', maxFileMb: 'lots' })).toEqual({
      maxFileMb: 'Enter a number',
    });
    expect(issues({ ...typed, k: '5', targetColumns: 'id' })).toEqual({
      targetColumns: 'A target column cannot be the id column',
    });
  });
});
