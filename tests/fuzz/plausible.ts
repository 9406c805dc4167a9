// Inputs that pass a procedure's own zod schema (most of the time), built by walking the schema:
// the hostile generators of support.ts stop at validation, these reach the procedure's body.
// Ids are drawn from the rows of the fuzz world (world.ts) by the field's name, so a contestId
// is a real contest and a teamId a real team; usernames and slugs are real ones too.
import fc from 'fast-check';
import { FUZZ_PROVIDER, world, type Pool } from './world';

interface ZodDef {
  type?: string;
  shape?: Record<string, unknown>;
  checks?: { _zod?: { def?: Record<string, unknown> } }[];
  format?: string;
  pattern?: RegExp;
  entries?: Record<string, string | number>;
  values?: unknown[];
  options?: unknown[];
  innerType?: unknown;
  in?: unknown;
  element?: unknown;
  items?: unknown[];
  keyType?: unknown;
  valueType?: unknown;
  left?: unknown;
  right?: unknown;
  getter?: () => unknown;
}

const defOf = (schema: unknown): ZodDef | undefined =>
  (schema as { _zod?: { def?: ZodDef } } | undefined)?._zod?.def;

/** A real id from `pool` (an index drawn now, the row picked when the input is made). */
export function realId(pool: Pool): fc.Arbitrary<number> {
  return fc.nat().map((i) => {
    const ids = world.ids[pool];
    return ids.length ? ids[i % ids.length]! : 1;
  });
}

const pick = (list: () => string[], fallback: string) =>
  fc.nat().map((i) => {
    const all = list();
    return all.length ? all[i % all.length]! : fallback;
  });

/** What pool a field named `key` of `procedure` takes its ids from. */
function poolOf(key: string, procedure: string): Pool | undefined {
  const named: Record<string, Pool> = {
    contestId: 'contests',
    teamId: 'teams',
    matchId: 'matches',
    participantId: 'participants',
    entrantId: 'participants',
    winnerId: 'participants',
    userId: 'users',
    memberId: 'users',
    captainId: 'users',
    proofId: 'payments',
    notificationId: 'notifications',
    topicId: 'topics',
    quoteId: 'posts',
    answerId: 'posts',
    statementId: 'statements',
  };
  if (key === 'userId' && procedure.startsWith('account.')) return 'accounts';
  // Teams the fuzz creates outnumber the few with an invitation: draw from those that have one.
  if (key === 'teamId' && (procedure === 'teams.accept' || procedure === 'teams.decline')) {
    return 'invitingTeams';
  }
  if (key === 'contestId' && procedure.startsWith('payments.')) return 'paidContests';
  // A receipt is the caller's own verified upgrade; any other proof is not found.
  if (key === 'proofId' && procedure === 'subscriptions.receipt') return 'ownUpgrades';
  if (named[key]) return named[key];
  if (key !== 'id' && key !== 'ids') return undefined;
  // A discussion procedure's id is a topic's or a post's, as its input schema says.
  if (procedure.startsWith('discussion.'))
    return DISCUSSION_TOPIC_IDS.has(procedure) ? 'topics' : 'posts';
  const area = procedure.split('.')[0]!;
  const byArea: Record<string, Pool> = {
    contests: 'contests',
    education: 'education',
    payments: 'payments',
    adminUsers: 'users',
    twoFactor: 'users',
    notifications: 'notifications',
    outbox: 'outbox',
    teams: 'teams',
    tournaments: 'matches',
    payouts: 'payouts',
    submissions: 'submissions',
    reports: 'reports',
  };
  return byArea[area] ?? 'contests';
}

/** The discussion procedures whose `id` names a topic (the others' names a post). */
const DISCUSSION_TOPIC_IDS = new Set([
  'discussion.get',
  'discussion.follow',
  'discussion.unfollow',
  'discussion.updateTopic',
]);

const DAY = 24 * 60 * 60 * 1000;
/** Dates in the order every contest rule wants: deadline, start, end, all ahead. */
function dateFor(key: string): fc.Arbitrary<string> {
  const ahead = /deadline/i.test(key) ? 1 : /end/i.test(key) ? 9 : 2;
  return fc
    .integer({ min: 0, max: 3 })
    .map((extra) => new Date(Date.now() + (ahead + extra * 0.01) * DAY).toISOString());
}

interface Bounds {
  min?: number;
  max?: number;
  int?: boolean;
  format?: string;
  pattern?: RegExp;
  /** `gt` and `lt`: the bound itself is refused (an integer's is one step in; a double's excluded). */
  minExcluded?: boolean;
  maxExcluded?: boolean;
}

function boundsOf(def: ZodDef): Bounds {
  const bounds: Bounds = { format: def.format, pattern: def.pattern };
  for (const check of def.checks ?? []) {
    const c = check._zod?.def ?? {};
    const value = (c.minimum ?? c.value ?? c.length) as number | undefined;
    if (c.check === 'min_length' || (c.check === 'greater_than' && value !== undefined)) {
      bounds.min = value;
      bounds.minExcluded = c.inclusive === false;
    }
    if (c.check === 'max_length') bounds.max = c.maximum as number;
    if (c.check === 'less_than') {
      bounds.max = value;
      bounds.maxExcluded = c.inclusive === false;
    }
    if (c.check === 'length_equals') bounds.min = bounds.max = c.length as number;
    if (c.check === 'number_format') bounds.int = true;
    if (c.check === 'string_format') {
      bounds.format = c.format as string;
      if (c.pattern instanceof RegExp) bounds.pattern = c.pattern;
    }
  }
  return bounds;
}

const WORDS = ['Fuzz', 'sample', 'contest', 'team', 'alpha', 'beta', 'note', 'round', 'score'];

function stringFor(bounds: Bounds, key: string): fc.Arbitrary<string> {
  if (/^(username|identifier|login)$/i.test(key)) return pick(() => world.usernames, 'nobody');
  if (/slug/i.test(key)) return pick(() => world.slugs, 'fuzz-sample');
  if (/(date|deadline|At)$/.test(key)) return dateFor(key);
  const min = bounds.min ?? 0;
  const max = Math.min(bounds.max ?? 60, Math.max(min, 60));
  switch (bounds.format) {
    case 'email':
      return fc.constantFrom('fuzz@example.com', 'someone.else@example.org');
    case 'url':
      return fc.constantFrom('https://example.com/fuzz', 'https://example.org/');
    case 'uuid':
    case 'guid':
      return fc.uuid();
    case 'datetime':
    case 'date':
      return dateFor(key);
  }
  if (bounds.pattern) {
    return fc
      .stringMatching(bounds.pattern)
      .filter((v) => v.length >= min && v.length <= (bounds.max ?? Infinity));
  }
  if (/password/i.test(key)) return fc.constantFrom('password123', 'a-new-password-9');
  return fc
    .array(fc.constantFrom(...WORDS), { minLength: 1, maxLength: 6 })
    .map((words) => words.join(' '))
    .map((text) => (text.length < min ? text.padEnd(min, 'x') : text.slice(0, max)));
}

function numberFor(bounds: Bounds, key: string, procedure: string): fc.Arbitrary<number> {
  const step = (excluded: boolean | undefined) => (bounds.int && excluded ? 1 : 0);
  const min =
    bounds.min === undefined ? (bounds.int ? 0 : -1000) : bounds.min + step(bounds.minExcluded);
  const max = bounds.max === undefined ? 1000 : bounds.max - step(bounds.maxExcluded);
  const plain = bounds.int
    ? fc.integer({ min: Math.max(min, -1e6), max: Math.min(max, 1e6) })
    : fc.double({
        min: Math.max(min, -1e6),
        max: Math.min(max, 1e6),
        minExcluded: bounds.minExcluded,
        maxExcluded: bounds.maxExcluded,
        noNaN: true,
      });
  const pool = poolOf(key, procedure);
  if (!pool) return plain;
  return fc.oneof({ weight: 5, arbitrary: realId(pool) }, { weight: 1, arbitrary: plain });
}

/**
 * Fields whose valid values the schema's shape does not tell (a refinement, a transform, a rule
 * across fields): chosen by the field's name. Undefined for the rest.
 */
function byFieldName(
  key: string,
  type: string,
  procedure: string,
): fc.Arbitrary<unknown> | undefined {
  // A prize table's rules run across its rows (places that never overlap, shares within 100 %),
  // which a table drawn field by field nearly always breaks: a valid one, or none (null).
  if (key === 'prizeTable' || (key === 'table' && procedure === 'prizes.set')) return prizeTables;
  if (['object', 'array', 'optional', 'nullable', 'default'].includes(type)) return undefined;
  if (/(Date|date|Deadline|deadline)$/.test(key)) return dateFor(key);
  if (/email$/i.test(key)) return fc.nat({ max: 1e6 }).map((n) => `fuzz${n}@example.com`);
  // PayPal needs only the e-mail above; a bank or a wallet needs fields that must agree.
  if (key === 'paymentMethod') return fc.constant('paypal');
  // An education item is read by its own id or slug, not a contest's.
  if (key === 'idOrSlug' && procedure.startsWith('education.')) {
    return pick(() => world.ids.education.map(String), '1');
  }
  if (key === 'explorerUrl') return fc.constant('https://explorer.example/tx/{hash}');
  if (/(url|link)$/i.test(key)) {
    // Nothing that answers: an import started with it fails at once, without the network.
    return fc.constantFrom('http://127.0.0.1:9/', 'https://127.0.0.1:9/fuzz');
  }
  // The world's accounts sign in with password123; a new password must be another, strong one.
  if (key === 'currentPassword' || (key === 'password' && procedure === 'auth.login')) {
    return fc.constant('password123');
  }
  if (/password$/i.test(key)) return fc.constant('fuzz-horse-battery-staple-9');
  if (key === 'provider') return fc.constant(FUZZ_PROVIDER);
  if (/^(coverImage|avatar)/.test(key)) return pick(() => world.uploads.filter(isImage), '');
  if (/guide/i.test(key)) return pick(() => world.uploads.filter((u) => !isImage(u)), '');
  // An amount (entryFee); a flag such as the player list's waiveFee is a boolean like any other.
  if (/fee$/i.test(key) && type !== 'boolean') return fc.constantFrom('25', '1');
  if (key === 'network') return fc.constant('ETH');
  if (key === 'txHash') return hex(64).map((h) => `0x${h}`);
  if (key === 'senderAddress') return hex(40).map((h) => `0x${h}`);
  if (key === 'jobId') return pick(() => world.importJobs, '');
  if (key === 'code' && procedure.startsWith('certificates.')) {
    return pick(() => world.certificates, '0000000000000000');
  }
  if (key === 'id' && type === 'string') return pick(() => world.sessions, '');
  return undefined;
}

const isImage = (upload: string) => upload.endsWith('.png');

const prizeTables = fc.constantFrom(
  null,
  {
    kind: 'fixed',
    rows: [
      { from: 1, to: 1, amount: '500', currency: 'USDT' },
      { from: 2, to: 4, amount: '0.05', currency: 'ETH' },
    ],
  },
  {
    kind: 'pool',
    poolPercentOfFees: '80',
    poolFixed: '100',
    rows: [
      { from: 1, to: 1, percent: '50', currency: 'USD' },
      { from: 2, to: 3, percent: '25', currency: 'USD' },
    ],
  },
);

const hex = (length: number) =>
  fc
    .array(fc.constantFrom(...'0123456789abcdef'), { minLength: length, maxLength: length })
    .map((chars) => chars.join(''));

/** An arbitrary of values `schema` accepts (most of the time); `key` is the field's name. */
export function plausible(
  schema: unknown,
  procedure: string,
  key = '',
  depth = 0,
): fc.Arbitrary<unknown> {
  const def = defOf(schema);
  if (!def || depth > 8) return fc.constant(undefined);
  const inner = (child: unknown, name = key) => plausible(child, procedure, name, depth + 1);
  const byName = byFieldName(key, def.type ?? '', procedure);
  if (byName) return byName;
  switch (def.type) {
    case 'object': {
      const shape = def.shape ?? {};
      const fields = Object.fromEntries(
        Object.entries(shape).map(([name, child]) => [name, inner(child, name)]),
      );
      const required = Object.entries(shape)
        .filter(
          ([, child]) => !['optional', 'default', 'prefault'].includes(defOf(child)?.type ?? ''),
        )
        .map(([name]) => name);
      // Every field most of the time (an optional one may be what the body needs), or a subset.
      // A contest's type is its category (a rule across the two fields).
      const sameType = (v: Record<string, unknown>) =>
        'category' in v && 'type' in v ? { ...v, type: v.category } : v;
      // A dispute's decision accepts one side's result or gives one, never both.
      const oneDecision = (v: Record<string, unknown>) => {
        if (procedure !== 'tournaments.decide' || v.accept === undefined) return v;
        const { scores: _scores, games: _games, forfeit: _forfeit, ...rest } = v;
        return rest;
      };
      // A reported result is scores or a forfeit, never both, and games only with scores: left
      // to chance, too few reports pass that rule for a seed to reach the body every time.
      const oneResult = (v: Record<string, unknown>) => {
        if (procedure !== 'tournaments.report' || !('forfeit' in v || 'games' in v)) return v;
        const { forfeit, games, ...rest } = v;
        if (rest.scores === undefined) return forfeit === undefined ? rest : { ...rest, forfeit };
        return games === undefined ? rest : { ...rest, games };
      };
      // A proof pays a contest's fee or a tier, and names a plan period only with a tier
      // (issue 33): left to chance, few proofs pass both rules.
      const oneTarget = (v: Record<string, unknown>) => {
        if (!procedure.startsWith('payments.') || v.contestId === undefined) return v;
        const { tier: _tier, periodDays: _periodDays, ...rest } = v;
        return rest;
      };
      // A staff plan change (issue 33) names a tier only to grant, and days except to end.
      const onePlanChange = (v: Record<string, unknown>) => {
        if (procedure !== 'adminUsers.subscription') return v;
        const { tier, days, ...rest } = v;
        if (rest.action === 'end') return rest;
        return rest.action === 'grant' ? { ...rest, tier, days } : { ...rest, days };
      };
      return fc
        .oneof(
          { weight: 2, arbitrary: fc.record(fields) },
          { weight: 1, arbitrary: fc.record(fields, { requiredKeys: required }) },
        )
        .map((v) =>
          onePlanChange(oneTarget(oneResult(oneDecision(sameType(v as Record<string, unknown>))))),
        );
    }
    case 'string':
      return stringFor(boundsOf(def), key);
    case 'number':
    case 'int':
      return numberFor(boundsOf(def), key, procedure);
    case 'bigint':
      return fc.bigInt({ min: 0n, max: 1000n });
    case 'boolean':
      return fc.boolean();
    case 'date':
      return dateFor(key);
    case 'enum':
      return fc.constantFrom(...Object.values(def.entries ?? { none: '' }));
    case 'literal':
      return fc.constantFrom(...(def.values ?? [null]));
    case 'null':
      return fc.constant(null);
    case 'undefined':
    case 'void':
      return fc.constant(undefined);
    case 'optional':
    case 'default':
    case 'prefault':
    case 'nonoptional':
    case 'readonly':
    case 'catch':
    case 'success':
      return inner(def.innerType);
    case 'nullable':
      return fc.oneof({ weight: 4, arbitrary: inner(def.innerType) }, fc.constant(null));
    case 'pipe':
      return inner(def.in);
    case 'lazy':
      return def.getter ? inner(def.getter()) : fc.constant(undefined);
    case 'union':
      return def.options?.length
        ? fc.oneof(...def.options.map((option) => inner(option)))
        : fc.constant(undefined);
    case 'intersection':
      return fc
        .tuple(inner(def.left), inner(def.right))
        .map(([a, b]) =>
          typeof a === 'object' && typeof b === 'object' ? { ...a, ...b } : (a ?? b),
        );
    case 'array': {
      const bounds = boundsOf(def);
      const min = bounds.min ?? 0;
      return fc.array(inner(def.element), {
        minLength: min,
        maxLength: Math.max(min, Math.min(bounds.max ?? 3, 3)),
      });
    }
    case 'tuple':
      return fc.tuple(...(def.items ?? []).map((item) => inner(item)));
    case 'record':
      return fc.dictionary(inner(def.keyType).map(String), inner(def.valueType), { maxKeys: 3 });
    case 'any':
    case 'unknown':
      return fc.jsonValue({ maxDepth: 1 });
    default:
      // instanceof, custom, transform, file: nothing plausible to send as JSON.
      return fc.constant(undefined);
  }
}

/** A plausible input for `procedure`: each of its .input() schemas, merged as tRPC merges them. */
export function plausibleInput(
  procedure: string,
  inputs: readonly unknown[],
): fc.Arbitrary<unknown> {
  if (!inputs.length) return fc.constant(undefined);
  return fc
    .tuple(...inputs.map((schema) => plausible(schema, procedure)))
    .map((parts) =>
      parts.length === 1
        ? parts[0]
        : Object.assign({}, ...parts.filter((p) => typeof p === 'object' && p !== null)),
    );
}

/** For a REST path's `:param`, a real id (or slug) of the rows the segment before it names. */
export function realSegment(path: string, param: string): fc.Arbitrary<string> | undefined {
  const before = path.split('/')[path.split('/').indexOf(param) - 1] ?? '';
  const pools: Record<string, Pool> = {
    contests: 'contests',
    teams: 'teams',
    matches: 'matches',
    users: 'users',
    members: 'users',
    outbox: 'outbox',
    proofs: 'payments',
    education: 'education',
    topics: 'topics',
    posts: 'posts',
  };
  const pool = pools[before];
  if (!pool) return undefined;
  const id = realId(pool).map(String);
  return param === ':idOrSlug'
    ? fc.oneof(
        id,
        pick(() => world.slugs, 'fuzz-sample'),
      )
    : id;
}
