// The classes of a label column in a fixed order, so codes mean the same in every reading of the
// same key: numbers in numeric order when every class is a number ('2' before '10', as numpy's
// unique orders integer ratings), otherwise text in code-unit order.
import { Buffer } from 'node:buffer';
import { parseDecimal } from './numbers';

function asNumber(label: string): number {
  const bytes = Buffer.from(label, 'utf8');
  return parseDecimal(bytes, 0, bytes.length);
}

export function sortClasses(labels: readonly string[]): string[] {
  const numbers = labels.map(asNumber);
  if (numbers.every(Number.isFinite)) {
    return labels
      .map((label, i) => ({ label, n: numbers[i] ?? 0 }))
      .sort((a, b) => a.n - b.n || (a.label < b.label ? -1 : a.label > b.label ? 1 : 0))
      .map((entry) => entry.label);
  }
  return [...labels].sort();
}

/** Looks a submitted label up among a key's classes; for numeric classes, '3.0' finds '3'. */
export function classLookup(classes: readonly string[]): (label: string) => number {
  const byText = new Map(classes.map((label, code) => [label, code]));
  const numbers = classes.map(asNumber);
  const byNumber = numbers.every(Number.isFinite)
    ? new Map(numbers.map((n, code) => [n, code]))
    : null;
  return (label) => {
    const code = byText.get(label);
    if (code !== undefined) return code;
    if (!byNumber) return -1;
    const n = asNumber(label);
    return Number.isFinite(n) ? (byNumber.get(n) ?? -1) : -1;
  };
}
