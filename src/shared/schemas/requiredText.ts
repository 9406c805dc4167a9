// The rule most text fields share: trimmed, at least `min` and at most `max` characters.
import { z } from 'zod';

/**
 * Trimmed text of `min` to `max` characters. `required` is said when it is missing, not text or
 * too short (a form's emptied field is all of them), `tooLong` past `max`.
 */
export function ZRequiredText(min: number, max: number, required: string, tooLong: string) {
  return z.string({ error: required }).trim().min(min, required).max(max, tooLong);
}
