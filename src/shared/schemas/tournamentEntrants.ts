// Who a bracket would seed (issue 19, the generate dialog's manual order): the participants of a
// bracket contest (only the checked-in when check-in is on), best current score first.
import { z } from 'zod';

export const ZEntrant = z.object({
  /** The contest_participants id the manual `order` of tournaments.generate names. */
  id: z.number().int(),
  name: z.string(),
  score: z.number().nullable(),
  checkedIn: z.boolean(),
});
export type TEntrant = z.infer<typeof ZEntrant>;
export const ZEntrants = z.array(ZEntrant);
