// A contest's id as every request names it. Its own module so that schemas the contest schemas
// themselves read (the tournament settings) can use it without an import cycle.
import { z } from 'zod';
import { MAX_ID } from '../constants';

export const ZContestId = z
  .number({ error: 'A contest id is required' })
  .int('A contest id is a whole number')
  .positive('A contest id is a positive number')
  .max(MAX_ID, 'No contest has that id');
