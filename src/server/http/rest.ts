// The REST adapter of SPEC 7: one table of paths, each calling the same tRPC procedure the
// client uses, through a caller built from the request's own context.
import express, {
  type NextFunction,
  type Request,
  type RequestHandler,
  type Response,
  type Router,
} from 'express';
import { TRPCError } from '@trpc/server';
import { getHTTPStatusCodeFromError } from '@trpc/server/http';
import type { AppDeps } from '../trpc/context';
import { createContext } from '../trpc/context';
import { sendJson } from './json';
import { labelRoute } from '../platform/metrics';
import { logRefusal, loggerFor } from './requestLog';
import { createCaller } from '../trpc/routers/_app';
import { clientErrorOf } from './security';
import { AppError, type AppErrorDetails } from '../platform/errors';
import { validationIssues } from '../trpc/trpc';
import { asClientError } from '../trpc/clientError';

type Caller = ReturnType<typeof createCaller>;

interface RestRequest {
  /** Unvalidated: every procedure validates its own input with its zod schema. */
  body: never;
  params: Record<string, string>;
  query: Record<string, unknown>;
  setHeader: (name: string, value: string) => void;
}

export interface RestRoute {
  method: 'get' | 'post' | 'put' | 'patch' | 'delete';
  path: string;
  /** The procedure this path calls: its access declaration is this path's (access test). */
  procedure: string;
  call: (caller: Caller, req: RestRequest) => Promise<unknown>;
  status?: number;
  /**
   * This row answers only when the query string holds these values (GET /api/contests?admin=true);
   * otherwise the next row of the same path does. Such a row comes before the general one.
   */
  query?: Record<string, string>;
}

function unauthorized(): never {
  throw new AppError('UNAUTHORIZED', 'Not authenticated');
}

/** A path id must be a positive integer: anything else is a 404, not a 500. */
export function idParam(value: string | undefined): number {
  // Digits only: Number() would also read '1e1', '0x10' or ' 7' as ids of other users.
  const id = /^[1-9][0-9]*$/.test(value ?? '') ? Number(value) : NaN;
  if (!Number.isSafeInteger(id)) throw new AppError('NOT_FOUND', 'Not found');
  return id;
}

/**
 * Optional number from a query string. Only plain decimals are read as numbers ('0x10', '1e3'
 * or ' 7' are not); anything else, a repeated key's array included, goes to zod as it is,
 * which answers 400 with the paging message.
 */
function intQuery(value: unknown): number | undefined {
  if (value === undefined || value === '') return undefined;
  return typeof value === 'string' && /^-?[0-9]{1,20}(\.[0-9]{1,20})?$/.test(value)
    ? Number(value)
    : (value as never);
}

/** An optional query value for a procedure to validate: absent or empty is undefined. */
function optionalQuery(value: unknown): never {
  return (value === '' ? undefined : value) as never;
}

/**
 * ?page= and ?pageSize= as the one paging input: without ?page=, the first `unpaged` rows (SPEC 7's
 * calls ask for whole lists); with it, pages of `pageSize` (a path's usual page) by default.
 */
function paging(r: RestRequest, pageSize: number, unpaged: number) {
  const page = intQuery(r.query.page);
  return { page: page ?? 1, pageSize: intQuery(r.query.pageSize) ?? (page ? pageSize : unpaged) };
}

/** Answers a paged procedure's rows as SPEC 7's plain array, the total in X-Total-Count. */
function plainList<T>(r: RestRequest, rows: T[], total: number): T[] {
  r.setHeader('X-Total-Count', String(total));
  return rows;
}

/** GET /api/users answers the SPEC's plain array: the whole list, or one page when asked. */
async function listUsers(c: Caller, r: RestRequest) {
  const result = await c.adminUsers.list({
    search: typeof r.query.search === 'string' ? r.query.search : undefined,
    // Passed as given: the procedure's schema refuses an unknown role, tier, sort or order.
    role: optionalQuery(r.query.role),
    tier: optionalQuery(r.query.tier),
    sort: optionalQuery(r.query.sort),
    order: optionalQuery(r.query.order),
    ...paging(r, 25, 10_000),
  });
  return plainList(r, result.users, result.total);
}

const body = (r: RestRequest) => r.body as Record<string, unknown>;

/** GET /api/contests: the members' view (PRODUCT.md tabs and filters), one page of it. */
async function listContests(c: Caller, r: RestRequest) {
  const result = await c.contests.list({
    tab: optionalQuery(r.query.tab),
    category: optionalQuery(r.query.category),
    tier: optionalQuery(r.query.tier),
    participation: optionalQuery(r.query.participation),
    ...paging(r, 12, 100),
  });
  return plainList(r, result.items, result.total);
}

/** GET /api/contests?admin=true: every contest with its creator's name (moderators, admins). */
async function adminListContests(c: Caller, r: RestRequest) {
  const result = await c.contests.adminList({
    tab: optionalQuery(r.query.tab),
    search: optionalQuery(r.query.search),
    ...paging(r, 25, 100),
  });
  return plainList(r, result.items, result.total);
}

/** ?saved=true|false as a boolean; anything else goes to the procedure's schema as it is. */
function boolQuery(value: unknown): never {
  if (value === undefined || value === '') return undefined as never;
  return (value === 'true' ? true : value === 'false' ? false : value) as never;
}

/**
 * GET /api/education: one page of the list (SPEC 3's fields, the body left to
 * GET /api/education/{id or slug}), newest first.
 */
async function listEducation(c: Caller, r: RestRequest) {
  const result = await c.education.list({
    search: optionalQuery(r.query.search),
    kind: optionalQuery(r.query.kind),
    saved: boolQuery(r.query.saved),
    ...paging(r, 12, 12),
  });
  return plainList(r, result.items, result.total);
}

/** GET /api/contests/:id/participants: a contest's members. */
async function listParticipants(c: Caller, r: RestRequest) {
  const result = await c.contests.participants({ id: idParam(r.params.id), ...paging(r, 25, 100) });
  return plainList(r, result.items, result.total);
}

/** POST /api/contests: SPEC 7's body submits; `status: 'draft'` or `draft: true` saves a draft. */
function postContest(c: Caller, r: RestRequest) {
  const { draft, ...fields } = body(r);
  if (fields.status === 'draft' || draft === true) {
    const { status: _status, ...draftFields } = fields;
    return c.contests.saveDraft(draftFields as never);
  }
  return c.contests.create(fields as never);
}

/**
 * PATCH /api/contests/:id (SPEC 7): `featured` alone features or unfeatures; `status` alone from a
 * moderator or admin is a moderation step (approve, reject, complete); anything else is an edit
 * (where a creator's status means "submit").
 */
async function patchContest(c: Caller, r: RestRequest) {
  const id = idParam(r.params.id);
  const fields = body(r);
  const keys = Object.keys(fields).filter((key) => key !== 'id');
  if (keys.length === 1 && keys[0] === 'featured') {
    return c.contests.setFeatured({ id, featured: fields.featured } as never);
  }
  // A rejection may carry its reason (told to the creator): { status: 'rejected', reason }.
  const moderation = keys.every((key) => key === 'status' || key === 'reason');
  if (keys.includes('status') && moderation) {
    const me = await c.auth.me();
    if (me?.role === 'moderator' || me?.role === 'admin') {
      return c.contests.setStatus({ id, status: fields.status, reason: fields.reason } as never);
    }
  }
  return c.contests.update({ ...fields, id } as never);
}

/**
 * GET /api/payments/proofs: the caller's own proofs; with ?status= (moderators and admins) the
 * review queue of that status.
 */
async function listProofs(c: Caller, r: RestRequest) {
  const result =
    r.query.status !== undefined
      ? await c.payments.queue({ status: optionalQuery(r.query.status), ...paging(r, 25, 100) })
      : await c.payments.myProofs(paging(r, 25, 100));
  return plainList(r, result.items, result.total);
}

export const restRoutes: RestRoute[] = [
  {
    method: 'get',
    procedure: 'auth.me',
    path: '/user',
    call: async (c) => (await c.auth.me()) ?? unauthorized(),
  },
  { method: 'post', procedure: 'auth.login', path: '/login', call: (c, r) => c.auth.login(r.body) },
  // Two-factor sign-in: the code step, on the cookie POST /api/login set (within 5 minutes).
  {
    method: 'post',
    procedure: 'auth.loginTwoFactor',
    path: '/login/2fa',
    call: (c, r) => c.auth.loginTwoFactor(r.body),
  },
  {
    method: 'post',
    procedure: 'auth.trustDevice',
    path: '/login/trust-device',
    call: (c, r) => c.auth.trustDevice(r.body),
  },
  {
    method: 'post',
    procedure: 'auth.register',
    path: '/register',
    call: (c, r) => c.auth.register(r.body),
    status: 201,
  },
  { method: 'post', procedure: 'auth.logout', path: '/logout', call: (c) => c.auth.logout() },
  {
    method: 'patch',
    procedure: 'account.updateProfile',
    path: '/user/profile',
    call: (c, r) => c.account.updateProfile(r.body),
  },
  {
    method: 'patch',
    procedure: 'account.changePassword',
    path: '/user/password',
    call: (c, r) => c.account.changePassword(r.body),
  },
  {
    method: 'get',
    procedure: 'account.getPayment',
    path: '/user/payment',
    call: (c) => c.account.getPayment(),
  },
  {
    method: 'get',
    procedure: 'account.listSessions',
    path: '/user/sessions',
    call: (c) => c.account.listSessions(),
  },
  {
    method: 'delete',
    procedure: 'account.revokeSession',
    path: '/user/sessions/:id',
    call: (c, r) => c.account.revokeSession({ id: String(r.params.id) }),
  },
  {
    method: 'post',
    procedure: 'account.endOtherSessions',
    path: '/user/sessions/revoke',
    call: (c) => c.account.endOtherSessions(),
  },
  {
    method: 'get',
    procedure: 'twoFactor.status',
    path: '/user/2fa',
    call: (c) => c.twoFactor.status(),
  },
  {
    method: 'post',
    procedure: 'twoFactor.beginSetup',
    path: '/user/2fa/setup',
    call: (c) => c.twoFactor.beginSetup(),
  },
  {
    method: 'post',
    procedure: 'twoFactor.enable',
    path: '/user/2fa/enable',
    call: (c, r) => c.twoFactor.enable(r.body),
  },
  {
    method: 'post',
    procedure: 'twoFactor.regenerateRecoveryCodes',
    path: '/user/2fa/recovery-codes',
    call: (c, r) => c.twoFactor.regenerateRecoveryCodes(r.body),
  },
  {
    method: 'post',
    procedure: 'twoFactor.disable',
    path: '/user/2fa/disable',
    call: (c, r) => c.twoFactor.disable(r.body),
  },
  {
    method: 'patch',
    procedure: 'account.updatePayment',
    path: '/users/:id/payment',
    call: (c, r) => c.account.updatePayment({ ...body(r), userId: idParam(r.params.id) } as never),
  },
  { method: 'get', procedure: 'adminUsers.list', path: '/users', call: listUsers },
  {
    method: 'patch',
    procedure: 'adminUsers.update',
    path: '/users/:id',
    call: (c, r) => c.adminUsers.update({ ...body(r), id: idParam(r.params.id) } as never),
  },
  {
    method: 'post',
    procedure: 'adminUsers.create',
    path: '/admin/users',
    call: (c, r) => c.adminUsers.create(r.body),
    status: 201,
  },
  {
    method: 'delete',
    procedure: 'adminUsers.delete',
    path: '/admin/users/:id',
    call: (c, r) => c.adminUsers.delete({ id: idParam(r.params.id) }),
  },
  {
    method: 'post',
    procedure: 'adminUsers.setPassword',
    path: '/admin/users/:id/password',
    call: (c, r) => c.adminUsers.setPassword({ ...body(r), id: idParam(r.params.id) } as never),
  },
  {
    method: 'post',
    procedure: 'adminUsers.ban',
    path: '/admin/users/:id/ban',
    call: (c, r) => c.adminUsers.ban({ ...body(r), id: idParam(r.params.id) } as never),
  },
  {
    method: 'post',
    procedure: 'adminUsers.unban',
    path: '/admin/users/:id/unban',
    call: (c, r) => c.adminUsers.unban({ id: idParam(r.params.id) }),
  },
  {
    method: 'delete',
    procedure: 'twoFactor.reset',
    path: '/admin/users/:id/2fa',
    call: (c, r) => c.twoFactor.reset({ id: idParam(r.params.id) }),
  },
  {
    method: 'get',
    procedure: 'adminSettings.get',
    path: '/admin/settings',
    call: (c) => c.adminSettings.get(),
  },
  {
    method: 'patch',
    procedure: 'adminSettings.update',
    path: '/admin/settings',
    call: (c, r) => c.adminSettings.update(r.body),
  },
  {
    method: 'get',
    procedure: 'adminSettings.getPayments',
    path: '/admin/settings/payments',
    call: (c) => c.adminSettings.getPayments(),
  },
  {
    method: 'patch',
    procedure: 'adminSettings.updatePayments',
    path: '/admin/settings/payments',
    call: (c, r) => c.adminSettings.updatePayments(r.body),
  },
  {
    method: 'get',
    procedure: 'settings.public',
    path: '/settings',
    call: (c) => c.settings.public(),
  },
  {
    method: 'get',
    procedure: 'contests.adminList',
    path: '/contests',
    query: { admin: 'true' },
    call: adminListContests,
  },
  { method: 'get', procedure: 'contests.list', path: '/contests', call: listContests },
  // Before '/contests/:idOrSlug', which would otherwise read 'drafts' as a slug.
  {
    method: 'get',
    procedure: 'contests.drafts',
    path: '/contests/drafts',
    call: (c) => c.contests.drafts(),
  },
  {
    method: 'get',
    procedure: 'contests.participants',
    path: '/contests/:id/participants',
    call: listParticipants,
  },
  {
    method: 'get',
    procedure: 'contests.get',
    path: '/contests/:idOrSlug',
    call: (c, r) => c.contests.get({ idOrSlug: String(r.params.idOrSlug) }),
  },
  {
    method: 'post',
    procedure: 'contests.create',
    path: '/contests',
    call: postContest,
    status: 201,
  },
  { method: 'patch', procedure: 'contests.update', path: '/contests/:id', call: patchContest },
  {
    method: 'post',
    procedure: 'participation.join',
    path: '/contests/:id/join',
    call: (c, r) =>
      c.participation.join({
        contestId: idParam(r.params.id),
        inviteCode: body(r).inviteCode as never,
      }),
    status: 201,
  },
  {
    method: 'delete',
    procedure: 'participation.leave',
    path: '/contests/:id/join',
    call: (c, r) => c.participation.leave({ contestId: idParam(r.params.id) }),
  },
  // Check-in (issue 19): the caller's state and the window; check in; undo it.
  {
    method: 'get',
    procedure: 'checkIn.status',
    path: '/contests/:id/checkin',
    call: (c, r) => c.checkIn.status({ contestId: idParam(r.params.id) }),
  },
  {
    method: 'post',
    procedure: 'checkIn.checkIn',
    path: '/contests/:id/checkin',
    call: (c, r) => c.checkIn.checkIn({ contestId: idParam(r.params.id) }),
  },
  {
    method: 'delete',
    procedure: 'checkIn.undo',
    path: '/contests/:id/checkin',
    call: (c, r) => c.checkIn.undo({ contestId: idParam(r.params.id) }),
  },
  {
    method: 'get',
    procedure: 'leaderboard.get',
    path: '/contests/:id/leaderboard',
    call: (c, r) =>
      c.leaderboard.get({
        contestId: idParam(r.params.id),
        limit: intQuery(r.query.limit),
        offset: intQuery(r.query.offset),
      }),
  },
  {
    method: 'put',
    procedure: 'leaderboard.setScores',
    path: '/contests/:id/scores',
    // Recorded in the score history as entered over REST, whatever the body says.
    call: (c, r) =>
      c.leaderboard.setScores({
        ...body(r),
        contestId: idParam(r.params.id),
        source: 'rest',
      } as never),
  },
  {
    method: 'get',
    procedure: 'leaderboard.scoreHistory',
    path: '/contests/:id/scores/history',
    call: async (c, r) => {
      const history = await c.leaderboard.scoreHistory({
        contestId: idParam(r.params.id),
        ...paging(r, 20, 20),
      });
      return plainList(r, history.items, history.total);
    },
  },
  // Team mode (issue 19 'Teams'): a contest's teams and the caller's team in it, then the
  // team's own rows (invitations, accept/decline, leave, the captain's changes, registration).
  {
    method: 'get',
    procedure: 'teams.list',
    path: '/contests/:id/teams',
    call: async (c, r) => {
      const list = await c.teams.list({ contestId: idParam(r.params.id), ...paging(r, 50, 100) });
      return plainList(r, list.items, list.total);
    },
  },
  {
    method: 'post',
    procedure: 'teams.create',
    path: '/contests/:id/teams',
    call: (c, r) =>
      c.teams.create({ name: body(r).name as never, contestId: idParam(r.params.id) }),
    status: 201,
  },
  {
    method: 'get',
    procedure: 'teams.mine',
    path: '/contests/:id/teams/mine',
    call: (c, r) => c.teams.mine({ contestId: idParam(r.params.id) }),
  },
  // Before '/teams/:id', which would read 'invites' as an id.
  {
    method: 'get',
    procedure: 'teams.invites',
    path: '/teams/invites',
    call: (c) => c.teams.invites(),
  },
  {
    method: 'get',
    procedure: 'teams.get',
    path: '/teams/:id',
    call: (c, r) => c.teams.get({ teamId: idParam(r.params.id) }),
  },
  {
    method: 'patch',
    procedure: 'teams.rename',
    path: '/teams/:id',
    call: (c, r) => c.teams.rename({ name: body(r).name as never, teamId: idParam(r.params.id) }),
  },
  {
    method: 'post',
    procedure: 'teams.invite',
    path: '/teams/:id/invites',
    call: (c, r) =>
      c.teams.invite({ username: body(r).username as never, teamId: idParam(r.params.id) }),
    status: 201,
  },
  {
    method: 'post',
    procedure: 'teams.accept',
    path: '/teams/:id/accept',
    call: (c, r) => c.teams.accept({ teamId: idParam(r.params.id) }),
  },
  {
    method: 'post',
    procedure: 'teams.decline',
    path: '/teams/:id/decline',
    call: (c, r) => c.teams.decline({ teamId: idParam(r.params.id) }),
  },
  {
    method: 'post',
    procedure: 'teams.leave',
    path: '/teams/:id/leave',
    call: (c, r) => c.teams.leave({ teamId: idParam(r.params.id) }),
  },
  {
    method: 'delete',
    procedure: 'teams.removeMember',
    path: '/teams/:id/members/:userId',
    call: (c, r) =>
      c.teams.removeMember({ teamId: idParam(r.params.id), userId: idParam(r.params.userId) }),
  },
  {
    method: 'put',
    procedure: 'teams.transferCaptain',
    path: '/teams/:id/captain',
    call: (c, r) =>
      c.teams.transferCaptain({ userId: body(r).userId as never, teamId: idParam(r.params.id) }),
  },
  {
    method: 'post',
    procedure: 'teams.register',
    path: '/teams/:id/register',
    call: (c, r) =>
      c.teams.register({ inviteCode: body(r).inviteCode as never, teamId: idParam(r.params.id) }),
  },
  // Tournaments (issue 19): a contest's bracket, standings and matches; results by match.
  {
    method: 'post',
    procedure: 'tournaments.generate',
    path: '/contests/:id/bracket',
    call: (c, r) =>
      c.tournaments.generate({ ...body(r), contestId: idParam(r.params.id) } as never),
    status: 201,
  },
  {
    method: 'get',
    procedure: 'tournaments.bracket',
    path: '/contests/:id/bracket',
    call: (c, r) => c.tournaments.bracket({ contestId: idParam(r.params.id) }),
  },
  {
    method: 'get',
    procedure: 'tournaments.standings',
    path: '/contests/:id/standings',
    call: (c, r) => c.tournaments.standings({ contestId: idParam(r.params.id) }),
  },
  {
    method: 'get',
    procedure: 'tournaments.matches',
    path: '/contests/:id/matches',
    call: (c, r) =>
      c.tournaments.matches({
        contestId: idParam(r.params.id),
        status: optionalQuery(r.query.status),
        mine: boolQuery(r.query.mine),
      }),
  },
  // Before '/matches/:id', which would otherwise read 'disputes' as an id.
  {
    method: 'get',
    procedure: 'tournaments.disputes',
    path: '/matches/disputes',
    call: (c) => c.tournaments.disputes(),
  },
  {
    method: 'get',
    procedure: 'tournaments.match',
    path: '/matches/:id',
    call: (c, r) => c.tournaments.match({ matchId: idParam(r.params.id) }),
  },
  // `{ scores: [a, b] }` or `{ forfeit: participantId }`: a result; `{ scheduledAt }` alone: its time.
  {
    method: 'patch',
    procedure: 'tournaments.report',
    path: '/matches/:id',
    call: (c, r) => {
      const fields = body(r);
      const matchId = idParam(r.params.id);
      const keys = Object.keys(fields);
      if (keys.length === 1 && keys[0] === 'scheduledAt') {
        return c.tournaments.schedule({ matchId, scheduledAt: fields.scheduledAt } as never);
      }
      return c.tournaments.report({ ...fields, matchId } as never);
    },
  },
  {
    method: 'post',
    procedure: 'tournaments.confirm',
    path: '/matches/:id/confirm',
    call: (c, r) => c.tournaments.confirm({ matchId: idParam(r.params.id) }),
  },
  {
    method: 'post',
    procedure: 'tournaments.dispute',
    path: '/matches/:id/dispute',
    call: (c, r) =>
      c.tournaments.dispute({ reason: body(r).reason, matchId: idParam(r.params.id) } as never),
  },
  // The review queue: a row of its own for the access matrix (moderators and admins).
  {
    method: 'get',
    procedure: 'payments.queue',
    path: '/payments/proofs',
    query: { status: 'pending' },
    call: listProofs,
  },
  { method: 'get', procedure: 'payments.myProofs', path: '/payments/proofs', call: listProofs },
  {
    method: 'post',
    procedure: 'payments.submitProof',
    path: '/payments/proofs',
    call: (c, r) => c.payments.submitProof(r.body),
    status: 201,
  },
  {
    method: 'patch',
    procedure: 'payments.review',
    path: '/payments/proofs/:id',
    call: (c, r) => c.payments.review({ ...body(r), id: idParam(r.params.id) } as never),
  },
  { method: 'get', procedure: 'admin.stats', path: '/admin/stats', call: (c) => c.admin.stats() },
  {
    method: 'get',
    procedure: 'audit.list',
    path: '/admin/audit',
    call: (c, r) =>
      c.audit.list({
        page: intQuery(r.query.page) ?? 1,
        pageSize: intQuery(r.query.pageSize) ?? 50,
        action: typeof r.query.action === 'string' ? r.query.action : undefined,
        actor: optionalQuery(r.query.actor),
        from: optionalQuery(r.query.from),
        to: optionalQuery(r.query.to),
      }),
  },
  { method: 'get', procedure: 'education.list', path: '/education', call: listEducation },
  {
    method: 'get',
    procedure: 'education.get',
    path: '/education/:idOrSlug',
    call: (c, r) => c.education.get({ idOrSlug: String(r.params.idOrSlug) }),
  },
  // Sign in with OpenID Connect (the redirects to and from the provider are http/oidc.ts).
  {
    method: 'get',
    procedure: 'oidc.providers',
    path: '/auth/providers',
    call: (c) => c.oidc.providers(),
  },
  { method: 'get', procedure: 'oidc.flow', path: '/auth/oidc/flow', call: (c) => c.oidc.flow() },
  {
    method: 'post',
    procedure: 'oidc.chooseUsername',
    path: '/auth/oidc/username',
    call: (c, r) => c.oidc.chooseUsername(r.body),
    status: 201,
  },
  {
    method: 'post',
    procedure: 'oidc.confirmLink',
    path: '/auth/oidc/confirm',
    call: (c, r) => c.oidc.confirmLink(r.body),
  },
  {
    method: 'post',
    procedure: 'oidc.cancel',
    path: '/auth/oidc/cancel',
    call: (c) => c.oidc.cancel(),
  },
  {
    method: 'get',
    procedure: 'oidc.methods',
    path: '/user/sign-in-methods',
    call: (c) => c.oidc.methods(),
  },
  {
    method: 'delete',
    procedure: 'oidc.unlink',
    path: '/user/sign-in-methods/:provider',
    call: (c, r) => c.oidc.unlink({ provider: String(r.params.provider) }),
  },
  {
    method: 'post',
    procedure: 'oidc.setPassword',
    path: '/user/password',
    call: (c, r) => c.oidc.setPassword(r.body),
  },
  {
    method: 'post',
    procedure: 'password.forgot',
    path: '/password/forgot',
    call: (c, r) => c.password.forgot(r.body),
    status: 202,
  },
  {
    method: 'post',
    procedure: 'password.reset',
    path: '/password/reset',
    call: (c, r) => c.password.reset(r.body),
  },
  {
    method: 'post',
    procedure: 'email.verify',
    path: '/email/verify',
    call: (c, r) => c.email.verify(r.body),
  },
  {
    method: 'post',
    procedure: 'email.resend',
    path: '/email/resend',
    call: (c) => c.email.resend(),
  },
  {
    method: 'get',
    procedure: 'outbox.list',
    path: '/admin/outbox',
    call: (c, r) =>
      c.outbox.list({
        page: intQuery(r.query.page) ?? 1,
        pageSize: intQuery(r.query.pageSize) ?? 20,
        status: optionalQuery(r.query.status),
      }),
  },
  {
    method: 'post',
    procedure: 'outbox.retry',
    path: '/admin/outbox/:id/retry',
    call: (c, r) => c.outbox.retry({ id: idParam(r.params.id) }),
  },
  // Issue 20 'Notifications': the caller's own, newest first ({ items, total, unread, page,
  // pageSize }); ?unread=true for the unread ones only.
  {
    method: 'get',
    procedure: 'notifications.list',
    path: '/notifications',
    call: (c, r) =>
      c.notifications.list({
        unread: boolQuery(r.query.unread),
        page: intQuery(r.query.page) ?? 1,
        pageSize: intQuery(r.query.pageSize) ?? 20,
      }),
  },
  {
    method: 'get',
    procedure: 'notifications.unreadCount',
    path: '/notifications/count',
    call: (c) => c.notifications.unreadCount(),
  },
  {
    method: 'post',
    procedure: 'notifications.markRead',
    path: '/notifications/read',
    call: (c, r) => c.notifications.markRead(r.body),
  },
  {
    method: 'get',
    procedure: 'notifications.preferences',
    path: '/notifications/preferences',
    call: (c) => c.notifications.preferences(),
  },
  {
    method: 'put',
    procedure: 'notifications.setPreferences',
    path: '/notifications/preferences',
    call: (c, r) => c.notifications.setPreferences(r.body),
  },
  {
    method: 'get',
    procedure: 'operations.backupStatus',
    path: '/admin/backups',
    call: (c) => c.operations.backupStatus(),
  },
];

interface ErrorBody {
  message: string;
  code: string;
  issues?: { path: string; message: string }[];
  /** Why a rule refused the call, and what the client needs to offer a way forward. */
  reason?: string;
  details?: AppErrorDetails;
}

/**
 * Refusals whose HTTP status says more than their tRPC code can: the one place REST statuses
 * differ from tRPC's mapping (tRPC has no 402; the procedure answers FORBIDDEN).
 */
const STATUS_BY_REASON: Readonly<Record<string, number>> = { fee_unverified: 402 };

export function sendError(res: Response, thrown: unknown, deps: AppDeps): void {
  // The one mapping tRPC uses too (a database out of reach: 503 with Retry-After).
  const error = asClientError(thrown) ?? thrown;
  let status = 500;
  let body: ErrorBody = { message: 'Internal server error', code: 'INTERNAL_SERVER_ERROR' };
  const appError =
    error instanceof AppError
      ? error
      : error instanceof TRPCError && error.cause instanceof AppError
        ? error.cause
        : undefined;
  if (appError) {
    const trpcError = new TRPCError({ code: appError.code, message: appError.message });
    status =
      (appError.reason && STATUS_BY_REASON[appError.reason]) ||
      getHTTPStatusCodeFromError(trpcError);
    body = { message: appError.message, code: appError.code };
    if (appError.reason) body.reason = appError.reason;
    if (appError.details) body.details = appError.details;
    if (appError.retryAfter) res.setHeader('Retry-After', String(appError.retryAfter));
  } else if (error instanceof TRPCError && error.code !== 'INTERNAL_SERVER_ERROR') {
    status = getHTTPStatusCodeFromError(error);
    const issues = validationIssues(error);
    body = {
      message: issues ? issues[0]!.message : error.message,
      code: error.code,
      issues: issues?.map((i) => ({
        path: (i.path ?? [])
          .map((p) => (typeof p === 'object' ? String(p.key) : String(p)))
          .join('.'),
        message: i.message,
      })),
    };
  } else {
    loggerFor(res.req, deps.logger).error({ err: error }, 'unhandled error in REST route');
  }
  logRefusal(res.req, deps.logger, status, { code: body.code, retryAfter: appError?.retryAfter });
  res.status(status).json(body);
}

const SAFE_METHODS = new Set(['GET', 'HEAD', 'OPTIONS']);

/** What answers one row: the request's context, the row's procedure, the JSON answer. */
function rowHandler(route: RestRoute, deps: AppDeps) {
  const label = `${route.method.toUpperCase()} /api${route.path}`;
  return async (req: Request, res: Response, next: NextFunction) => {
    if (route.query && !Object.entries(route.query).every(([k, v]) => req.query[k] === v)) {
      return next();
    }
    labelRoute(res, label);
    try {
      const ctx = await createContext(deps, req, res);
      const result = await route.call(createCaller(ctx), {
        body: (req.body ?? {}) as never,
        params: req.params as Record<string, string>,
        query: req.query as Record<string, unknown>,
        setHeader: (name, value) => res.setHeader(name, value),
      });
      await sendJson(req, res, route.status ?? 200, result);
    } catch (error) {
      sendError(res, error, deps);
    }
  };
}

/** '/user' of '/user/payment': the first segment of a path under /api. */
const segmentOf = (path: string) => path.split('/')[1]!;

/**
 * The rows as Express routes, one router per first segment (/user, /contests, ...), in the
 * table's order: a request is matched against its own group's rows, not against every row in
 * turn. Each row's route is its path below the segment (a router mounted at it) or, `whole`, its
 * whole path (a router the request is handed to directly).
 */
function groupRouters(rows: readonly RestRoute[], deps: AppDeps, whole: boolean) {
  const groups = new Map<string, Router>();
  for (const route of rows) {
    const segment = segmentOf(route.path);
    let group = groups.get(segment);
    if (!group) groups.set(segment, (group = express.Router()));
    const path = whole ? route.path : route.path.slice(segment.length + 1) || '/';
    group[route.method](path, rowHandler(route, deps));
  }
  return groups;
}

/** The rows mounted under their first segments; a request no row answers goes on (next()). */
function mountRows(api: Router, rows: readonly RestRoute[], deps: AppDeps): void {
  for (const [segment, group] of groupRouters(rows, deps, false)) api.use(`/${segment}`, group);
}

const isRead = (route: RestRoute) => route.method === 'get';

/**
 * The REST reads (GET and HEAD of the GET rows), on /api ahead of the app's upload, import and
 * sign-in routers (app.ts): a read has no body and needs none of them, and each router it would
 * otherwise pass through costs a match. The request's first segment picks its group's rows (each
 * at its whole path) by one lookup: no router level or prefix scan in between, each of which
 * costs a match and a rewrite of the URL per request. Whatever no read row answers (a path in
 * other letter case too) goes on to the rest of the app, where the whole table
 * (createRestRouter) answers it as before: a 404, or OPTIONS with every method of the path.
 */
export function createRestReads(deps: AppDeps): RequestHandler {
  const groups = groupRouters(restRoutes.filter(isRead), deps, true);
  return (req, res, next) => {
    if (req.method !== 'GET' && req.method !== 'HEAD') return next();
    const end = req.url.slice(1).search(/[/?]/);
    const group = groups.get(end < 0 ? req.url.slice(1) : req.url.slice(1, end + 1));
    if (group) group(req, res, next);
    else next();
  };
}

/** The whole table, with the JSON body parser for writes and a 404 for what no row answers. */
export function createRestRouter(deps: AppDeps): Router {
  const api = express.Router();
  // Reads carry no body: they skip the parser's work altogether.
  const json = express.json({ limit: '100kb' });
  api.use((req, res, next) => (SAFE_METHODS.has(req.method) ? next() : json(req, res, next)));
  mountRows(api, restRoutes, deps);
  api.use((_req: Request, res: Response) => {
    res.status(404).json({ message: 'Not found', code: 'NOT_FOUND' });
  });
  // Body-parser failures arrive here: they are the client's fault, never a 500.
  api.use((error: unknown, _req: Request, res: Response, _next: NextFunction) => {
    const clientError = clientErrorOf(error);
    if (!clientError) return sendError(res, error, deps);
    res.status(clientError.status).json({ message: clientError.message, code: clientError.code });
  });
  return api;
}
