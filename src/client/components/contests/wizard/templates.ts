// The rules templates the wizards offer for some categories (SPEC 2.6: gaming and forex in the
// member wizard; SPEC 2.18: gaming and academic in the admin wizard). Markdown, each with an
// overview, the rules, how entries are scored or evaluated, and the prizes; long enough to pass
// the detailed description's 50-character minimum as they stand.
import type { ContestCategory } from '../../../../shared/contests';

/** The prizes section every template has, its places left for the organiser to fill in. */
const PRIZES = `## Prizes

- 1st place: ...
- 2nd place: ...
- 3rd place: ...
`;
const PAID_OUT =
  "Prizes are paid to the winners' payout methods within 14 days of the end of the contest.";

const TEMPLATES: Partial<Record<ContestCategory, (title: string) => string>> = {
  gaming: (title) => `## Overview

${title || 'This tournament'} brings players together to compete for the top of the leaderboard. Describe the game, the platform and the spirit of the contest here.

## Rules

1. Play with your own account; one account per participant.
2. No cheats, exploits, macros or third-party tools that give an unfair advantage.
3. Matches are played at the scheduled times; a player who does not show up forfeits the match.
4. Report results with a screenshot or replay within 24 hours of each match.
5. Respect the other players: harassment leads to disqualification.

## Scoring

- Win: 3 points
- Draw: 1 point
- Loss: 0 points
- Ties on points are broken by head-to-head result, then by total score difference.

${PRIZES}
${PAID_OUT}
`,

  forex: (title) => `## Overview

${title || 'This trading contest'} is a demo-account trading competition. Every participant starts with the same virtual balance; the best return at the end wins.

## Rules

1. Trade only on the demo account registered for this contest.
2. Starting balance: 10,000 USD (virtual). Maximum leverage: 1:100.
3. Allowed instruments: major and minor currency pairs.
4. No hedging between several accounts and no copy trading between participants.
5. Every open position is closed at the end of the contest at market price.

## Evaluation Criteria

- Ranking by percentage return on the starting balance.
- Accounts whose drawdown exceeds 50% are disqualified.
- Ties are broken by the lower maximum drawdown.

${PRIZES}
${PAID_OUT}
`,

  academic: (title) => `## Overview

${title || 'This competition'} challenges participants to show their knowledge and reasoning. Describe the subject, the level and the format of the questions or the submission here.

## Rules

1. Work alone unless the contest says otherwise; cite every source you use.
2. Submissions must be your own original work; plagiarism leads to disqualification.
3. Submit before the deadline; late work is not evaluated.
4. Calculators, books or online resources: state here which are allowed.

## Evaluation Criteria

- Correctness and depth of the answers: 50%
- Clarity of the reasoning and the presentation: 30%
- Originality: 20%
- The judges' decision is final.

${PRIZES}
Winners are announced within 7 days of the end of the contest.
`,
};

/** The rules template for a category, with the contest's title in its overview; null if none. */
export function descriptionTemplate(category: string, title: string): string | null {
  const make = TEMPLATES[category as ContestCategory];
  return make ? make(title.trim()).trimEnd() : null;
}
