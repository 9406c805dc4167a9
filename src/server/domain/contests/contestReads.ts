// Contest reads: the members' lists, the detail, drafts and the admin list (SPEC 2.4-2.7, 2.17;
// PRODUCT.md 'Contests'). Every read of one contest carries contestVisibleTo (visibility.ts) in
// its SQL: a contest the viewer may not see is a 404, exactly like a missing one.
import { and, asc, count, desc, eq, gt, inArray, lte, ne, or, sql, type SQL } from 'drizzle-orm';
import type { DB, DbOrTx } from '../../platform/db/client';
import { countRows, onePage, type Paging } from '../../platform/db/pages';
import { contestParticipants, contests, users } from '../../platform/db/schema';
import {
  containsPattern,
  likeCaseless,
  lockForUpdate,
  prepareNamed,
  timeParam,
} from '../../platform/db/dialect';
import {
  CONTEST_MESSAGES as M,
  CREATOR_EDITABLE_STATUSES,
  PUBLIC_CONTEST_STATUSES,
  type AdminContestTab,
  type ContestStatus,
  type ContestTab,
  type ParticipationType,
} from '../../../shared/contests';
import type { Tier } from '../../../shared/constants';
import type { TContest, TContestDraft, TContestListItem } from '../../../shared/schemas/contests';
import {
  tournamentSettingsOf,
  type TTournamentSettings,
} from '../../../shared/schemas/tournaments';
import { isReviewer, type Actor } from '../../platform/actor';
import {
  contestVisibleTo,
  preparedViewer,
  publicContest,
  viewerKind,
  type ViewerKind,
} from './visibility';
import { AppError } from '../../platform/errors';
import type { TPrizeTable } from '../../../shared/schemas/prizes';
import { prizeSummaries, prizeSummaryOf } from './prizeSummaries';

export type Viewer = Pick<Actor, 'id' | 'role'>;

/** One page of a list of a contest's rows (its score history, its teams), for whoever views it. */
export interface ContestPageArgs extends Paging {
  db: DB;
  viewer: Viewer;
  contestId: number;
}

const listItemColumns = {
  id: contests.id,
  slug: contests.slug,
  title: contests.title,
  shortDescription: contests.shortDescription,
  coverImage: contests.coverImage,
  type: contests.type,
  category: contests.category,
  mode: contests.mode,
  format: contests.format,
  maxParticipants: contests.maxParticipants,
  participants: contests.participants,
  registrationDeadline: contests.registrationDeadline,
  startDate: contests.startDate,
  endDate: contests.endDate,
  participationType: contests.participationType,
  entryFee: contests.entryFee,
  prize: contests.prize,
  requiredTier: contests.requiredTier,
  status: contests.status,
  featured: contests.featured,
  createdBy: contests.createdBy,
  scoreDecimals: contests.scoreDecimals,
  scoreOrder: contests.scoreOrder,
  // As stored; answered as its one-line prizeSummary (prizeSummaries.ts), never itself.
  prizeTable: contests.prizeTable,
};

const contestColumns = {
  ...listItemColumns,
  description: contests.description,
  externalLink: contests.externalLink,
  pdfGuide: contests.pdfGuide,
  enableLeaderboard: contests.enableLeaderboard,
  enableComments: contests.enableComments,
  openDiscussion: contests.openDiscussion,
  draft: contests.draft,
  inviteCode: contests.inviteCode,
  publishedAt: contests.publishedAt,
  createdAt: contests.createdAt,
  updatedAt: contests.updatedAt,
  // As stored: null or partial settings, filled with the defaults by present().
  tournament: contests.tournament,
  bracketGeneratedAt: contests.bracketGeneratedAt,
  // The creator as they are named now; null once their account is gone ('User #id').
  creatorName: users.username,
};

export type ContestRow = Omit<TContest, 'canEdit' | 'tournament' | 'prizeSummary'> & {
  tournament: Partial<TTournamentSettings> | null;
  prizeTable: TPrizeTable | null;
};

export const PUBLIC: readonly ContestStatus[] = PUBLIC_CONTEST_STATUSES;
export const CREATOR_EDITABLE: readonly ContestStatus[] = CREATOR_EDITABLE_STATUSES;

export function notFound(): AppError {
  return new AppError('NOT_FOUND', M.notFound);
}

/**
 * The contest as this viewer gets it: the invite code only for its creator and reviewers, the
 * prize table as its summary (prizeSummaries.ts).
 */
export function present(row: ContestRow, viewer: Viewer, prizeSummary: string | null): TContest {
  const own = row.createdBy === viewer.id;
  const reviewer = isReviewer(viewer);
  const { prizeTable: _table, ...rest } = row;
  // The keys the row lacks before the spread: Node 20's V8 adds a key to an object made by a
  // spread at about half a microsecond each (measured).
  return {
    canEdit: reviewer || (own && CREATOR_EDITABLE.includes(row.status)),
    prizeSummary,
    ...rest,
    inviteCode: own || reviewer ? row.inviteCode : null,
    tournament: tournamentSettingsOf(row.tournament),
  };
}

/** A contest a write just made or changed, as its writer gets it (with its prize summary). */
export async function presentById(db: DB, id: number, viewer: Viewer): Promise<TContest> {
  const row = (await readById(db, id))!;
  return present(row, viewer, await prizeSummaryOf(db, row));
}

// ---------------------------------------------------------------------------------------------
// Hot reads: one set of prepared statements per database (DESIGN.md: a reused .prepare()
// costs what a raw statement does, a query built per request twice that).

function prepareReads(db: DB) {
  const base = () =>
    db.select(contestColumns).from(contests).leftJoin(users, eq(users.id, contests.createdBy));
  // One statement per shape of the visibility rule, the viewer's id bound per call as `me`.
  const byKind = (key: 'id' | 'slug', kind: ViewerKind) =>
    prepareNamed(
      base().where(
        and(eq(contests[key], sql.placeholder(key)), contestVisibleTo(preparedViewer(kind))),
      ),
      `contests.${key}.${kind}`,
    );
  const shapes = (key: 'id' | 'slug') => ({
    anonymous: byKind(key, 'anonymous'),
    member: byKind(key, 'member'),
    reviewer: byKind(key, 'reviewer'),
  });
  return {
    byId: shapes('id'),
    bySlug: shapes('slug'),
    drafts: prepareNamed(
      db
        .select({
          id: contests.id,
          title: contests.title,
          shortDescription: contests.shortDescription,
          coverImage: contests.coverImage,
          updatedAt: contests.updatedAt,
        })
        .from(contests)
        .where(and(eq(contests.createdBy, sql.placeholder('me')), eq(contests.status, 'draft')))
        .orderBy(desc(contests.updatedAt), desc(contests.id))
        .limit(DRAFTS_LIMIT),
      'contests.drafts',
    ),
  };
}

/** A member's drafts list shows the newest this many (SPEC 2.5 has no paging for it). */
export const DRAFTS_LIMIT = 100;

interface ListFilters {
  category: boolean;
  tier: boolean;
  participation: boolean;
}

/** PRODUCT.md's meaning of each /contests tab, with `now` and `me` bound per call. */
function tabCondition(db: DB, tab: ContestTab): SQL {
  const now = sql.placeholder('now');
  const me = sql.placeholder('me');
  switch (tab) {
    case 'all':
      return publicContest;
    case 'featured':
      return and(eq(contests.featured, true), eq(contests.status, 'active'))!;
    case 'active':
      return and(
        eq(contests.status, 'active'),
        lte(contests.startDate, now),
        gt(contests.endDate, now),
      )!;
    case 'upcoming':
      return and(eq(contests.status, 'active'), gt(contests.startDate, now))!;
    case 'past':
      // Completed, or active and ended: among public contests, completed or ended.
      return and(publicContest, or(eq(contests.status, 'completed'), lte(contests.endDate, now)))!;
    case 'mine': {
      // Created by me (drafts have their own tab), or joined by me while members may see it.
      const joined = db
        .select({ id: contestParticipants.contestId })
        .from(contestParticipants)
        .where(eq(contestParticipants.userId, me));
      return or(
        and(eq(contests.createdBy, me), ne(contests.status, 'draft')),
        and(publicContest, inArray(contests.id, joined)),
      )!;
    }
    case 'drafts':
      return and(eq(contests.createdBy, me), eq(contests.status, 'draft'))!;
  }
}

function tabOrder(tab: ContestTab) {
  switch (tab) {
    case 'active':
      // Running now: the one ending soonest first.
      return [asc(contests.endDate), asc(contests.id)];
    case 'upcoming':
      return [asc(contests.startDate), asc(contests.id)];
    case 'past':
      return [desc(contests.endDate), desc(contests.id)];
    case 'mine':
      return [desc(contests.createdAt), desc(contests.id)];
    case 'drafts':
      return [desc(contests.updatedAt), desc(contests.id)];
    default:
      return [desc(contests.startDate), desc(contests.id)];
  }
}

function prepareList(db: DB, tab: ContestTab, filters: ListFilters, key: string) {
  const where = and(
    tabCondition(db, tab),
    filters.category ? eq(contests.category, sql.placeholder('category')) : undefined,
    filters.tier ? eq(contests.requiredTier, sql.placeholder('tier')) : undefined,
    filters.participation
      ? eq(contests.participationType, sql.placeholder('participation'))
      : undefined,
  );
  const total = db.select({ n: count() }).from(contests).where(where);
  return {
    // The page carries the total on each row: a subquery that refers to nothing outside it, run
    // once per statement by both engines, so a page is one round trip to PostgreSQL, not two.
    // Its rows come back nested (`item`), so they need no copy without the total.
    rows: prepareNamed(
      db
        .select({ item: listItemColumns, total: sql<number>`${total}`.mapWith(Number) })
        .from(contests)
        .where(where)
        .orderBy(...tabOrder(tab))
        .limit(sql.placeholder('limit'))
        .offset(sql.placeholder('offset')),
      `contests.list:${key}`,
    ),
    // A page past the end has no row to carry the total: then it is counted alone.
    total: prepareNamed(total, `contests.total:${key}`),
  };
}

interface Statements {
  reads: ReturnType<typeof prepareReads>;
  // At most 7 tabs x 8 filter combinations, each prepared the first time it is asked for.
  lists: Map<string, ReturnType<typeof prepareList>>;
}
const statements = new WeakMap<DB, Statements>();

function statementsFor(db: DB): Statements {
  let s = statements.get(db);
  if (!s) statements.set(db, (s = { reads: prepareReads(db), lists: new Map() }));
  return s;
}

/** A contest by id, whoever may see it: the contest a write just made or changed, to answer it. */
export async function readById(db: DB, id: number): Promise<ContestRow | undefined> {
  return (await statementsFor(db).reads.byId.reviewer.execute({ id }))[0];
}

/** A contest by id if this viewer may see it (contestVisibleTo); undefined: missing or hidden. */
export async function readVisible(
  db: DB,
  viewer: Viewer | null,
  id: number,
): Promise<ContestRow | undefined> {
  const byId = statementsFor(db).reads.byId[viewerKind(viewer)];
  return (await byId.execute({ id, me: viewer?.id }))[0];
}

/**
 * A contest read to decide a write, inside its transaction (the prepared reads above belong to
 * the database handle, not to the transaction): its row stays locked until the transaction
 * ends. With `visibleTo`, only if that viewer may see it (else undefined, as a missing one).
 */
export async function readForWrite(
  tx: DbOrTx,
  id: number,
  { visibleTo }: { visibleTo?: Viewer } = {},
): Promise<ContestRow | undefined> {
  const where = and(eq(contests.id, id), visibleTo && contestVisibleTo(visibleTo))!;
  await lockForUpdate(tx, contests, where);
  const [row] = await tx
    .select(contestColumns)
    .from(contests)
    .leftJoin(users, eq(users.id, contests.createdBy))
    .where(where);
  return row;
}

// ---------------------------------------------------------------------------------------------
// Reads

export async function listContests({
  db,
  viewer,
  tab,
  category,
  tier,
  participation,
  page,
  pageSize,
  now = Date.now(),
}: {
  db: DB;
  viewer: Viewer;
  tab: ContestTab;
  category?: string;
  tier?: Tier;
  participation?: ParticipationType;
  page: number;
  pageSize: number;
  now?: number;
}): Promise<{ items: TContestListItem[]; total: number; page: number; pageSize: number }> {
  const filters = { category: !!category, tier: !!tier, participation: !!participation };
  const key = `${tab}:${Number(filters.category)}${Number(filters.tier)}${Number(filters.participation)}`;
  const lists = statementsFor(db).lists;
  let list = lists.get(key);
  if (!list) lists.set(key, (list = prepareList(db, tab, filters, key)));
  const params = {
    now: timeParam(now),
    me: viewer.id,
    category,
    tier,
    participation,
    limit: pageSize,
    offset: (page - 1) * pageSize,
  };
  const rows = await list.rows.execute(params);
  const summaries = await prizeSummaries(
    db,
    rows.map((row) => row.item),
  );
  const items = rows.map(({ item: { prizeTable: _table, ...item } }) => ({
    ...item,
    prizeSummary: summaries.get(item.id) ?? null,
  }));
  const total =
    rows[0]?.total ?? (params.offset === 0 ? 0 : ((await list.total.execute(params))[0]?.n ?? 0));
  return { items, total, page, pageSize };
}

/** By numeric id or slug; a contest the viewer may not see is as absent as an unknown one. */
export async function getContest({
  db,
  viewer,
  idOrSlug,
}: {
  db: DB;
  viewer: Viewer;
  idOrSlug: number | string;
}): Promise<TContest> {
  const kind = viewerKind(viewer);
  const byId = statementsFor(db).reads.byId[kind];
  const bySlug = statementsFor(db).reads.bySlug[kind];
  const me = viewer.id;
  let row: ContestRow | undefined;
  if (typeof idOrSlug === 'number') [row] = await byId.execute({ id: idOrSlug, me });
  else if (/^[1-9][0-9]{0,15}$/.test(idOrSlug))
    [row] = await byId.execute({ id: Number(idOrSlug), me });
  else [row] = await bySlug.execute({ slug: idOrSlug.trim().toLowerCase(), me });
  if (!row) throw notFound();
  return present(row, viewer, await prizeSummaryOf(db, row));
}

/** The caller's own drafts, newest first (SPEC 3 'Draft contest'). */
export async function listDrafts({
  db,
  viewer,
}: {
  db: DB;
  viewer: Viewer;
}): Promise<TContestDraft[]> {
  return statementsFor(db).reads.drafts.execute({ me: viewer.id });
}

/** Every contest with its creator's name, for moderators and admins (SPEC 2.17). */
export async function adminListContests({
  db,
  viewer,
  tab,
  search,
  page,
  pageSize,
}: {
  db: DB;
  viewer: Viewer;
  tab: AdminContestTab;
  search?: string;
  page: number;
  pageSize: number;
}): Promise<{ items: TContest[]; total: number; page: number; pageSize: number }> {
  const term = search?.trim();
  const pattern = term ? containsPattern(term) : undefined;
  const where = and(
    tab === 'all'
      ? undefined
      : tab === 'featured'
        ? eq(contests.featured, true)
        : eq(contests.status, tab),
    pattern ? likeCaseless(contests.title, pattern) : undefined,
  );
  const query = db
    .select(contestColumns)
    .from(contests)
    .leftJoin(users, eq(users.id, contests.createdBy))
    .where(where)
    .orderBy(desc(contests.createdAt), desc(contests.id))
    .$dynamic();
  const rows = await onePage(query, { page, pageSize });
  const total = await countRows(db, contests, where);
  const summaries = await prizeSummaries(db, rows);
  return {
    items: rows.map((row) => present(row, viewer, summaries.get(row.id) ?? null)),
    total,
    page,
    pageSize,
  };
}
