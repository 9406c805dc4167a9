// What a REST row is, and the typed builder every area's rows are written with: a row names the
// procedure it calls, and the compiler checks the procedure's name, the input fields the row
// gives it and the output the row answers from. The input's values stay unvalidated here: the
// procedure validates them with its own zod schema, as it does for the tRPC client.
import type { inferRouterInputs, inferRouterOutputs } from '@trpc/server';
import type { AppRouter } from '../../trpc/routers/_app';
import { AppError } from '../../platform/errors';
import { pathId } from '../pathId';

type Inputs = inferRouterInputs<AppRouter>;
type Outputs = inferRouterOutputs<AppRouter>;

/** 'contests.update': a procedure of the app router by its path. */
export type ProcedurePath = {
  [R in keyof Inputs & string]: `${R}.${keyof Inputs[R] & string}`;
}[keyof Inputs & string];

type At<T, P extends string> = P extends `${infer R extends keyof T & string}.${infer N}`
  ? N extends keyof T[R]
    ? T[R][N]
    : never
  : never;

export type OutputOf<P extends ProcedurePath> = At<Outputs, P>;

/**
 * The input a row may give a procedure: the fields of the procedure's input, each of any value
 * (the procedure's schema judges the values; a misspelt field is the compiler's to catch).
 */
export type LooseInput<P extends ProcedurePath> = Loose<At<Inputs, P>>;
type Loose<T> = T extends object ? { [K in keyof T]?: unknown } : T extends void ? void : unknown;

/** The request as a row sees it. */
export interface RestRequest {
  /** Unvalidated: every procedure validates its own input with its zod schema. */
  body: Record<string, unknown>;
  params: Record<string, string>;
  query: Record<string, unknown>;
  setHeader: (name: string, value: string) => void;
}

/** The input argument of a procedure's call: optional where the procedure's input is. */
export type InputArgs<P extends ProcedurePath> =
  void extends LooseInput<P> ? [input?: LooseInput<P>] : [input: LooseInput<P>];

/** Calls a procedure by its path on the request's caller, the output typed as the procedure's. */
export type CallProcedure = <P extends ProcedurePath>(
  procedure: P,
  ...input: InputArgs<P>
) => Promise<OutputOf<P>>;

export interface RestRoute {
  method: 'get' | 'post' | 'put' | 'patch' | 'delete';
  path: string;
  /** The procedure this path calls: its access declaration is this path's (access test). */
  procedure: ProcedurePath;
  call: (call: CallProcedure, req: RestRequest) => Promise<unknown>;
  status?: number;
  /**
   * This row answers only when the query string holds these values (GET /api/contests?admin=true);
   * otherwise the next row of the same path does. Such a row comes before the general one.
   */
  query?: Record<string, string>;
  /**
   * The answer is a file, not JSON (the payouts' CSV, a certificate's PDF): the procedure's output
   * is its text (`base64`: its bytes in base64), sent with this type as an attachment named `name`.
   */
  file?: RestFile;
}

export interface RestFile {
  contentType: string;
  base64?: boolean;
  name: (req: RestRequest) => string;
}

interface RowShape<P extends ProcedurePath> {
  method: RestRoute['method'];
  path: string;
  procedure: P;
  status?: number;
  query?: Record<string, string>;
  file?: RestFile;
}

type RowSpec<P extends ProcedurePath> = RowShape<P> &
  // A procedure whose input may be left out needs no `input`.
  (void extends LooseInput<P>
    ? { input?: (req: RestRequest) => LooseInput<P> }
    : { input: (req: RestRequest) => LooseInput<P> }) & {
    /** What the path answers from the procedure's output (by default the output itself). */
    answer?: (output: OutputOf<P>, req: RestRequest) => unknown;
  };

/** A row that calls its one procedure with the input it builds from the request. */
export function row<P extends ProcedurePath>(spec: RowSpec<P>): RestRoute {
  const { input, answer, ...shape } = spec as RowShape<P> & {
    input?: (req: RestRequest) => unknown;
    answer?: (output: OutputOf<P>, req: RestRequest) => unknown;
  };
  return {
    ...shape,
    call: async (call, req) => {
      const output = await (call as (path: P, input?: unknown) => Promise<OutputOf<P>>)(
        spec.procedure,
        input?.(req),
      );
      return answer ? answer(output, req) : output;
    },
  };
}

type Method = RestRoute['method'];

/** 'POST /user/2fa/enable': a row's method and path as SPEC 7 writes them (below /api). */
type RouteLine = `${Uppercase<Method>} /${string}`;

type InputOf<P extends ProcedurePath> = (req: RestRequest) => LooseInput<P>;

/** The input a short row gives (left out where the procedure takes none), then its status. */
type ShortRowArgs<P extends ProcedurePath> =
  void extends LooseInput<P>
    ? [input?: InputOf<P>, status?: number]
    : [input: InputOf<P>, status?: number];

/**
 * The short form of a row that answers its procedure's output as it is:
 * on('POST /register', 'auth.register', body, 201).
 */
export function on<P extends ProcedurePath>(
  route: RouteLine,
  procedure: P,
  ...[input, status]: ShortRowArgs<P>
): RestRoute {
  const [method, path] = route.split(' ') as [Uppercase<Method>, string];
  const spec = { method: method.toLowerCase() as Method, path, procedure, input };
  return row((status === undefined ? spec : { ...spec, status }) as RowSpec<P>);
}

/**
 * The GET row of a paged procedure, answered as SPEC 7's plain array with X-Total-Count: the
 * filters the row reads from the request, and the page (paging: `pageSize` rows a page, the first
 * `unpaged` rows without ?page=).
 */
export function pagedRow<P extends ProcedurePath>(
  path: string,
  procedure: P,
  [pageSize, unpaged]: readonly [number, number],
  filters: (req: RestRequest) => Omit<LooseInput<P>, 'page' | 'pageSize'>,
): RestRoute {
  return row({
    method: 'get',
    path,
    procedure,
    input: (r: RestRequest) => ({ ...filters(r), ...paging(r, pageSize, unpaged) }),
    answer: itemsList,
  } as unknown as RowSpec<P>);
}

/** The input is the request's body (a form's fields). */
export function body(req: RestRequest): Record<string, unknown> {
  return req.body;
}

/** The input is the path's :id, as the procedure's field `key`. */
export function idAs<K extends string>(key: K) {
  return (req: RestRequest) => ({ [key]: idParam(req.params.id) }) as Record<K, number>;
}

/** The input is the body's fields and the path's :id as the field `key` (the path's id wins). */
export function bodyWithIdAs<K extends string>(key: K) {
  return (req: RestRequest) =>
    ({ ...req.body, [key]: idParam(req.params.id) }) as Record<string, unknown> & Record<K, number>;
}

/** The input is the body's one field `field` and the path's :id as the field `key`. */
export function fieldWithIdAs<F extends string, K extends string>(field: F, key: K) {
  return (req: RestRequest) =>
    ({ [field]: req.body[field], [key]: idParam(req.params.id) }) as Record<F, unknown> &
      Record<K, number>;
}

/**
 * A row whose request picks among procedures (PATCH /api/contests/:id edits, features or
 * moderates); `procedure` is the one whose access declaration is the path's.
 */
export function choosingRow(spec: RowShape<ProcedurePath> & Pick<RestRoute, 'call'>): RestRoute {
  return spec;
}

export function unauthorized(): never {
  throw new AppError('UNAUTHORIZED', 'Not authenticated');
}

/** A path id must be a positive integer: anything else is a 404, not a 500 (pathId.ts). */
export function idParam(value: string | undefined): number {
  return pathId(value);
}

/**
 * Optional number from a query string. Only plain decimals are read as numbers ('0x10', '1e3'
 * or ' 7' are not); anything else, a repeated key's array included, goes to zod as it is,
 * which answers 400 with the paging message.
 */
export function intQuery(value: unknown): unknown {
  if (value === undefined || value === '') return undefined;
  return typeof value === 'string' && /^-?[0-9]{1,20}(\.[0-9]{1,20})?$/.test(value)
    ? Number(value)
    : value;
}

/** An optional query value for a procedure to validate: absent or empty is undefined. */
export function optionalQuery(value: unknown): unknown {
  return value === '' ? undefined : value;
}

/** ?saved=true|false as a boolean; anything else goes to the procedure's schema as it is. */
export function boolQuery(value: unknown): unknown {
  if (value === undefined || value === '') return undefined;
  return value === 'true' ? true : value === 'false' ? false : value;
}

/**
 * ?page= and ?pageSize= as the one paging input: without ?page=, the first `unpaged` rows (SPEC 7's
 * calls ask for whole lists); with it, pages of `pageSize` (a path's usual page) by default.
 */
export function paging(r: RestRequest, pageSize: number, unpaged: number) {
  const page = intQuery(r.query.page);
  return { page: page ?? 1, pageSize: intQuery(r.query.pageSize) ?? (page ? pageSize : unpaged) };
}

/** Answers a paged procedure's rows as SPEC 7's plain array, the total in X-Total-Count. */
export function plainList<T>(r: RestRequest, rows: T[], total: number): T[] {
  r.setHeader('X-Total-Count', String(total));
  return rows;
}

/** A paged output ({ items, total }) as SPEC 7's plain array. */
export function itemsList<T>(output: { items: T[]; total: number }, r: RestRequest): T[] {
  return plainList(r, output.items, output.total);
}
