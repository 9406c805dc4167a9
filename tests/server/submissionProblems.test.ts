// A refused file's problems as a failed submission's reason and its notification say them
// (domain/submissions/problems.ts): each line named once (the checker's messages carry it), the
// first five and how many more.
import { describe, expect, it } from 'vitest';
import { problemDetails, problemsText } from '../../src/server/domain/submissions/problems';

const problems = [
  { line: 3, message: 'line 3: id r1 appears twice (first on line 2)' },
  { line: 4, message: 'line 4: "abc" is not a number in column "target"' },
  { line: null, message: 'id r9 is missing' },
];

describe('problemsText', () => {
  it('names each line once', () => {
    expect(problemsText({ problems, total: 3 })).toBe(
      'line 3: id r1 appears twice (first on line 2); line 4: "abc" is not a number in column "target"; id r9 is missing',
    );
  });

  it('says how many more than the first five', () => {
    const many = Array.from({ length: 8 }, (_, i) => ({
      line: i + 2,
      message: `line ${i + 2}: x`,
    }));
    expect(problemsText({ problems: many, total: 140 })).toBe(
      'line 2: x; line 3: x; line 4: x; line 5: x; line 6: x (and 135 more)',
    );
  });

  it('carries the lines and the total in a refusal’s details', () => {
    expect(problemDetails({ problems, total: 9 })).toEqual({ lines: problems, total: 9 });
  });
});
