// The one reading of an id in a URL path, for the REST rows and every Express-only path.
import { AppError } from '../platform/errors';

/**
 * A path id must be a positive integer: anything else is a 404 (with the caller's message), not
 * a 500 and not another row. Digits only: Number() would also read '1e1', '0x10' or ' 7' as ids
 * of other rows.
 */
export function pathId(value: string | undefined, notFoundMessage = 'Not found'): number {
  const id = /^[1-9][0-9]*$/.test(value ?? '') ? Number(value) : NaN;
  if (!Number.isSafeInteger(id)) throw new AppError('NOT_FOUND', notFoundMessage);
  return id;
}
