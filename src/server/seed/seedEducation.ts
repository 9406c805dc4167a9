// The demo seed's Education Center items (PRODUCT.md 'Samples become seed data'): short, real
// pieces in markdown, at least one of each kind.
import type { EducationKind } from '../../shared/schemas/education';

export interface SeedEducationItem {
  slug: string;
  kind: EducationKind;
  title: string;
  category: string;
  tags: string[];
  excerpt: string;
  content: string;
  /** Days before the seed ran, so the list has an order. */
  daysAgo: number;
}

export const SEED_EDUCATION: SeedEducationItem[] = [
  {
    slug: 'position-sizing-for-trading-contests',
    kind: 'tutorial',
    title: 'Position Sizing for Trading Contests, Step by Step',
    category: 'Trading',
    tags: ['forex', 'risk management', 'beginner'],
    daysAgo: 2,
    excerpt:
      'Work out how large each trade should be from your account size, the share of it you are ' +
      'willing to lose and the distance to your stop-loss.',
    content: `Most contest accounts are not lost on one bad idea but on one trade that was too large.
Position sizing turns "how much am I willing to lose?" into "how many lots do I buy?".

## 1. Decide the risk per trade

Pick a fixed share of the account you accept to lose if the stop-loss is hit. Contest traders
often use **0.5 % to 2 %**. With a $10,000 contest balance and 1 % risk:

> risk amount = 10,000 × 0.01 = **$100**

## 2. Measure the stop distance

Place the stop where the trade idea is proven wrong, not where the loss "feels small". Say you
buy EUR/USD at 1.0850 with a stop at 1.0825: the distance is **25 pips**.

## 3. Know the pip value

For pairs quoted in US dollars (EUR/USD, GBP/USD) one pip is worth about **$10 per standard lot**
(100,000 units), $1 per mini lot and $0.10 per micro lot.

## 4. Divide

\`\`\`
position size = risk amount / (stop distance × pip value per lot)
              = 100 / (25 × 10)
              = 0.4 standard lots
\`\`\`

| Risk | Stop | Size |
| ---- | ---- | ---- |
| $100 | 25 pips | 0.40 lots |
| $100 | 50 pips | 0.20 lots |
| $50 | 25 pips | 0.20 lots |

A wider stop means a smaller position for the same risk: the loss in dollars stays the same.

## Common mistakes

- Moving the stop further away after entering, which silently raises the risk.
- Adding to a losing position: two entries at 1 % are 2 % at risk.
- Forgetting that several trades on correlated pairs (EUR/USD and GBP/USD) behave like one larger
  trade.
`,
  },
  {
    slug: 'how-contest-leaderboards-rank-you',
    kind: 'article',
    title: 'How Contest Leaderboards Rank You',
    category: 'Contests',
    tags: ['leaderboards', 'rules'],
    daysAgo: 5,
    excerpt:
      'Ties, skipped places and why your rank can change after a contest ends: what the numbers ' +
      'on a leaderboard mean.',
    content: `Every contest on this platform has a leaderboard built from the scores its organisers
enter. Here is how those scores become ranks.

## Standard competition ranking

Entrants with the same score share a rank, and the ranks after them skip accordingly. This is
the "1224" ranking used by most sports:

| Score | Rank |
| ----- | ---- |
| 950 | 1 |
| 900 | 2 |
| 900 | 2 |
| 870 | 4 |

Nobody is third here: two people are ahead of the entrant with 870 points, so that entrant is
fourth.

## Trophies

The top three ranks get gold, silver and bronze trophies. With a tie for first, both entrants
get gold and the next entrant is third, with bronze.

## Your own row

You always see your own row highlighted, even when you are outside the top ten, so you know how
far you are from the podium.

## Why a rank can change

Scores are entered by the contest's creator, moderators or admins, sometimes in batches after a
round is judged. Until a contest is marked **completed**, treat every rank as provisional.
`,
  },
  {
    slug: 'pre-contest-checklist',
    kind: 'resource',
    title: 'Pre-Contest Checklist',
    category: 'Contests',
    tags: ['checklist', 'preparation'],
    daysAgo: 8,
    excerpt:
      'A printable list of what to check before you register: tier, deadlines, entry fees, ' +
      'rules and the time zone of the schedule.',
    content: `Use this list before you press **Register Now**.

## Eligibility

- Your subscription tier reaches the contest's required tier.
- The registration deadline has not passed (dates are shown in your browser's time zone).
- There are places left: the maximum number of participants is a hard limit.
- For invite-only contests, you have the invite code from the organiser.

## Money

- For paid contests, you know the entry fee in USD and the network you will pay on.
- You send the **exact** amount on the **correct network**; a payment on another network
  cannot be matched to your entry.
- You keep the transaction hash: you submit it as proof of payment.
- Your payout method (bank, crypto or PayPal) is filled in under Account Settings, so
  winnings can reach you.

## Rules

- You have read the detailed description: scoring, allowed tools, what disqualifies.
- You know whether the format is league, knockout, tournament or open.
- You know when the contest starts and ends, and whether you can leave before the start.

## On the day

- Stable connection and a charged device.
- Notes or a plan for the first hour, written before the start rather than during it.
`,
  },
  {
    slug: 'reading-candlestick-charts',
    kind: 'tutorial',
    title: 'Reading Candlestick Charts',
    category: 'Trading',
    tags: ['charts', 'technical analysis', 'beginner'],
    daysAgo: 12,
    excerpt:
      'Open, high, low and close in one shape: how to read a single candle and three patterns ' +
      'worth knowing.',
    content: `A candlestick shows four prices of one period (a minute, an hour, a day):

- the **open**, where the period started;
- the **close**, where it ended;
- the **high** and **low**, the extremes in between.

## Body and wicks

The thick **body** spans open to close. It is usually green (or hollow) when the close is above
the open and red (or filled) when it is below. The thin **wicks** reach up to the high and down
to the low.

A long lower wick means sellers pushed the price down during the period but buyers brought it
back: the low was rejected.

## Three patterns

1. **Doji**: open and close almost equal. Neither side won the period; after a long move it can
   mark hesitation.
2. **Hammer**: a small body near the top with a lower wick at least twice the body. After a
   decline, it shows buyers stepping in.
3. **Engulfing**: a body that completely covers the previous candle's body in the opposite
   colour, a sign the other side took control.

## Use them with context

A pattern alone is weak evidence. Look at where it forms (near a level the price respected
before?), on which time frame, and decide your stop before you act on it. See *Position Sizing
for Trading Contests* for how large that trade should be.
`,
  },
];
