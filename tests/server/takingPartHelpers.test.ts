// The taking-part screens' pure client helpers: how a leaderboard reads (points, trophies, the
// viewer's place off the page), the CSV score import's report (stored, or
// refused with its lines), the analytics figures, and the one-score form's schema.
import { describe, expect, it } from 'vitest';
import {
  chartPoints,
  percentText,
  rankOfText,
} from '../../src/client/components/analytics/analyticsDisplay';
import {
  ownPlaceOutside,
  pointsText,
  rankName,
  trophyOf,
} from '../../src/client/components/leaderboard/leaderboardDisplay';
import { reportOf } from '../../src/client/components/leaderboard/scoreImport';
import { SCORE_MESSAGES } from '../../src/shared/leaderboard';
import {
  ZInviteCodeFormSchema,
  ZScoreEntryFormSchema,
  scoreEntryFormSchema,
} from '../../src/shared/schemas/participation';
import { PARTICIPATION_MESSAGES } from '../../src/shared/participation';

describe('leaderboard display', () => {
  it('writes scores in pts with thousands separators', () => {
    expect(pointsText(1250, 0)).toBe('1,250 pts');
    expect(pointsText(-5, 0)).toBe('-5 pts');
    // With the contest's decimals, exactly; '-' before any score.
    expect(pointsText(12.5, 2)).toBe('12.50 pts');
    expect(pointsText(0.1 + 0.2, 1)).toBe('0.3 pts');
    expect(pointsText(-0.0001, 4)).toBe('-0.0001 pts');
    expect(pointsText(1234567.8901, 4)).toBe('1,234,567.8901 pts');
    expect(pointsText(null, 2)).toBe('-');
  });

  it('gives the first three ranks their trophies, ties included', () => {
    expect([1, 2, 2, 4, null].map(trophyOf)).toEqual(['gold', 'silver', 'silver', null, null]);
    expect(trophyOf(3)).toBe('bronze');
    expect(rankName(1)).toBe('Rank 1');
    expect(rankName(null)).toBe('Unranked');
  });

  it("tells the viewer's place only when their row is not on the page", () => {
    const entry = (userId: number) => ({
      rank: userId,
      userId,
      username: `u${userId}`,
      score: 0,
      tier: null,
      profileImage: null,
      teamId: userId === 2 ? 7 : null,
      teamName: userId === 2 ? 'The Sevens' : null,
    });
    const board = { entries: [entry(1), entry(2)], me: { rank: 2, score: 0, teamId: null } };
    expect(ownPlaceOutside(board, 2)).toBeNull();
    expect(ownPlaceOutside({ ...board, me: { rank: 40, score: 3, teamId: null } }, 40)).toEqual({
      rank: 40,
      score: 3,
      teamId: null,
    });
    expect(ownPlaceOutside({ ...board, me: null }, 99)).toBeNull();
    // A team member's place is their team's row (its captain's), on the page here.
    expect(ownPlaceOutside({ ...board, me: { rank: 2, score: 0, teamId: 7 } }, 55)).toBeNull();
  });
});

describe('CSV score import (the report of the one-request upload)', () => {
  it('reads a stored file as its count of updated scores', () => {
    expect(reportOf(200, { updated: 4 })).toEqual({ stored: true, updated: 4 });
  });

  it('reads a refused file as its message, its listed lines and how many were refused', () => {
    const lines = [
      { line: 3, username: 'ghost', reason: 'unknown_user', message: SCORE_MESSAGES.unknown_user },
      { line: 4, username: 'bob;abc', reason: 'bad_score', message: SCORE_MESSAGES.bad_score },
    ];
    expect(
      reportOf(400, {
        message: '2 lines of the file are refused; no score was stored',
        code: 'BAD_REQUEST',
        reason: 'bad_lines',
        details: { refused: 2 },
        lines,
      }),
    ).toEqual({
      stored: false,
      message: '2 lines of the file are refused; no score was stored',
      refused: lines,
      total: 2,
    });
  });

  it("throws any other refusal's message (it reaches the screen as a toast)", () => {
    expect(() =>
      reportOf(403, {
        message: "Only the contest's creator, moderators and admins can enter scores",
        code: 'FORBIDDEN',
      }),
    ).toThrow(/creator/);
    expect(() => reportOf(413, { message: 'A file takes at most 100,000 lines' })).toThrow(
      'A file takes at most 100,000 lines',
    );
    expect(() => reportOf(502, null)).toThrow('Failed to import the scores');
  });
});

describe('analytics display', () => {
  it('writes percentiles and ranks out of the field', () => {
    expect(percentText(85.5)).toBe('85.5%');
    expect(percentText(null)).toBe('-');
    expect(rankOfText(3, 10)).toBe('3 of 10');
  });

  it('makes one chart point per result, dated by its end (its title without one)', () => {
    const base = {
      contestId: 1,
      slug: 's',
      rank: 1,
      participants: 4,
      percentile: 100,
      score: 9,
      scoreDecimals: 1,
    };
    const points = chartPoints([
      { ...base, title: 'Spring Cup', endDate: new Date('2025-06-19T12:00:00Z') },
      { ...base, contestId: 2, title: 'Open Day', endDate: null, percentile: 25, score: 1 },
    ]);
    expect(points).toEqual([
      { label: 'Jun 19, 2025', title: 'Spring Cup', percentile: 100, score: 9, scoreText: '9.0' },
      { label: 'Open Day', title: 'Open Day', percentile: 25, score: 1, scoreText: '1.0' },
    ]);
  });
});

describe('the taking-part forms’ schemas', () => {
  const message = (r: { success: boolean; error?: { issues: { message: string }[] } }) =>
    r.success ? null : r.error!.issues[0]!.message;

  it('one score: a username and a number within the limit and the contest’s decimals', () => {
    const twoDecimals = scoreEntryFormSchema(2);
    expect(twoDecimals.safeParse({ username: 'ann', score: '12.25' }).success).toBe(true);
    expect(message(twoDecimals.safeParse({ username: 'ann', score: '12.255' }))).toBe(
      'This contest takes at most 2 decimals.',
    );
    expect(message(scoreEntryFormSchema(0).safeParse({ username: 'ann', score: '1.5' }))).toBe(
      'This contest takes whole numbers only (no decimals).',
    );
    expect(message(twoDecimals.safeParse({ username: 'ann', score: '1e3' }))).toBe(
      SCORE_MESSAGES.bad_score,
    );
    expect(ZScoreEntryFormSchema.safeParse({ username: 'ann', score: '120' }).success).toBe(true);
    expect(ZScoreEntryFormSchema.safeParse({ username: 'ann', score: -3 }).success).toBe(true);
    expect(message(ZScoreEntryFormSchema.safeParse({ username: 'ann', score: '' }))).toBe(
      'Enter a score',
    );
    expect(message(ZScoreEntryFormSchema.safeParse({ username: 'ann', score: '1.23456' }))).toBe(
      'This contest takes at most 4 decimals.',
    );
    expect(message(ZScoreEntryFormSchema.safeParse({ username: ' ', score: '1' }))).toBe(
      'Each score needs a username',
    );
  });

  it('invite code: needed, and never longer than a code can be', () => {
    expect(ZInviteCodeFormSchema.safeParse({ inviteCode: ' AB12CD34 ' }).data).toEqual({
      inviteCode: 'AB12CD34',
    });
    expect(message(ZInviteCodeFormSchema.safeParse({ inviteCode: '  ' }))).toBe(
      'Enter the invite code',
    );
    expect(message(ZInviteCodeFormSchema.safeParse({ inviteCode: 'x'.repeat(101) }))).toBe(
      PARTICIPATION_MESSAGES.invite_wrong,
    );
  });
});
