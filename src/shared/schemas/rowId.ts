// A row's id as a request names it: a positive whole number no larger than the 32-bit ids
// (MAX_ID), so an absurd id is a 400 with a message, never a database error.
import { z } from 'zod';
import { MAX_ID } from '../constants';

/** The id of a `thing`, every message naming it ('A team id is required', 'No team has that id'). */
export function ZRowId(thing: string) {
  return z
    .number({ error: `A ${thing} id is required` })
    .int(`A ${thing} id is a whole number`)
    .positive(`A ${thing} id is a positive number`)
    .max(MAX_ID, `No ${thing} has that id`);
}

/** The same rule saying `required` when it is missing and `unknown` past MAX_ID (zod's words else). */
export function ZPlainRowId(required: string, unknown: string) {
  return z.number({ error: required }).int().positive().max(MAX_ID, unknown);
}
