// A contest's id as every request names it. Its own module so that schemas the contest schemas
// themselves read (the tournament settings) can use it without an import cycle.
import { ZRowId } from './rowId';

export const ZContestId = ZRowId('contest');
