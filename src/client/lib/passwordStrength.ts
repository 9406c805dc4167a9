// zxcvbn-ts's password strength estimate with English advice. Loaded only through import() by
// PasswordStrength: the word lists are most of a megabyte and no first page needs them.
import { ZxcvbnFactory } from '@zxcvbn-ts/core';
import { adjacencyGraphs, dictionary } from '@zxcvbn-ts/language-common';

// Without @zxcvbn-ts/language-en, feedback comes back as translation keys; these are their texts.
const WARNINGS: Readonly<Record<string, string>> = {
  straightRow: 'Straight rows of keys on your keyboard are easy to guess.',
  keyPattern: 'Short keyboard patterns are easy to guess.',
  simpleRepeat: 'Repeated characters like "aaa" are easy to guess.',
  extendedRepeat: 'Repeated character patterns like "abcabcabc" are easy to guess.',
  sequences: 'Common character sequences like "abc" are easy to guess.',
  recentYears: 'Recent years are easy to guess.',
  dates: 'Dates are easy to guess.',
  topTen: 'This is a heavily used password.',
  topHundred: 'This is a frequently used password.',
  common: 'This is a commonly used password.',
  similarToCommon: 'This is similar to a commonly used password.',
  wordByItself: 'Single words are easy to guess.',
  namesByThemselves: 'Single names or surnames are easy to guess.',
  commonNames: 'Common names and surnames are easy to guess.',
  userInputs: 'Avoid your username, email or other personal details.',
  pwned: 'This password was exposed in a data breach.',
};

const SUGGESTIONS: Readonly<Record<string, string>> = {
  l33t: "Avoid predictable letter substitutions like '@' for 'a'.",
  reverseWords: 'Avoid reversed spellings of common words.',
  allUppercase: 'Capitalize some, but not all letters.',
  capitalization: 'Capitalize more than the first letter.',
  dates: 'Avoid dates and years that are associated with you.',
  recentYears: 'Avoid recent years.',
  associatedYears: 'Avoid years that are associated with you.',
  sequences: 'Avoid common character sequences.',
  repeated: 'Avoid repeated words and characters.',
  longerKeyboardPattern: 'Use longer keyboard patterns and change typing direction often.',
  anotherWord: 'Add more words that are less common.',
  useWords: 'Use several words, but avoid common phrases.',
  noNeed: 'Strong passwords need no symbols, numbers or uppercase letters: length helps most.',
  pwned: 'If you use this password elsewhere, change it.',
};

const zxcvbn = new ZxcvbnFactory({ dictionary, graphs: adjacencyGraphs });

export interface PasswordEstimate {
  /** 0 (very weak) to 4 (strong). */
  score: 0 | 1 | 2 | 3 | 4;
  /** zxcvbn's warning, or else its first suggestion, in English. */
  advice?: string;
}

/** `userInputs` are the person's own details (username, email), which make a password weak. */
export function estimatePasswordStrength(
  password: string,
  userInputs: readonly string[],
): PasswordEstimate {
  const { score, feedback } = zxcvbn.check(password, [...userInputs]);
  const advice =
    (feedback.warning ? WARNINGS[feedback.warning] : undefined) ??
    feedback.suggestions.map((key) => SUGGESTIONS[key]).find(Boolean);
  return { score, advice };
}
