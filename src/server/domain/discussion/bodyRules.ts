// The shape rules of a post's body (issue 32 'Bad input'): at most 20 distinct @mentions, quotes
// nested at most 10 deep. The rule itself is shared (shared/mentions.ts, which the form runs as
// one types); it is applied here, in the one function createTopic, reply and editPost call, and
// not as a refine of the zod body schema, because a zod failure carries no refusal reason: the
// client must hear 400 with `too_many_mentions` or `quotes_too_deep`, like every other refusal.
import { AppError } from '../../platform/errors';
import { postBodyProblem } from '../../../shared/mentions';
import { DISCUSSION_MESSAGES as M } from '../../../shared/discussion';

/** Refuses a body with too many mentions or too deep quotes (400, saying which). */
export function assertPostBody(body: string): void {
  const problem = postBodyProblem(body);
  if (problem === 'quotes_too_deep') throw new AppError(problem, M.quotesTooDeep);
  if (problem === 'too_many_mentions') throw new AppError(problem, M.tooManyMentions);
}
