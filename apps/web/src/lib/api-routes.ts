import type { ApiRoute, ApiRoutes, ListSchemaRow } from '@idara/domain';
import type { z } from 'zod';

/**
 * Types for `api(path, options)` (api.ts): the answer of a path comes from the contract's route map
 * (`apiRoutes`, packages/domain/src/schemas/responses/routes.ts), whose every entry is the schema
 * its route declares. Nothing here exists at run time.
 *
 * A path matches a route's pattern segment by segment: a literal segment must be that literal, a
 * `:param` takes any one non-empty segment (a template hole such as `${id}` included); a `?query`
 * written into the path is ignored. The method is `options.method`, GET without it.
 */
export type Method = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';

type QueryValue = string | number | boolean | null | undefined | readonly (string | number)[];
export type Query = Record<string, QueryValue>;

type Split<S extends string> = S extends `${infer Head}/${infer Tail}` ? [Head, ...Split<Tail>] : [S];
type PathOf<P extends string> = P extends `${infer Path}?${string}` ? Path : P;

/**
 * How a path segment meets a pattern segment: `exact` (the literal itself, or a `:param` taking a
 * segment only known at run time), `param` (a `:param` taking a literal: Fastify prefers a route
 * naming that literal, e.g. `/api/order/totals` over `/api/order/:id`), or `no`.
 */
type SegmentMatch<Pattern extends string, Segment extends string> = Pattern extends `:${string}`
  ? Segment extends ''
    ? 'no'
    : string extends Segment
      ? 'exact'
      : 'param'
  : [Segment] extends [Pattern]
    ? 'exact'
    : 'no';

/** `exact`, `param` (some `:param` took a literal segment) or `no`. */
type Match<
  Pattern extends string[],
  Path extends string[],
  Sofar extends 'exact' | 'param' = 'exact',
> = Pattern extends [infer A extends string, ...infer PatternRest extends string[]]
  ? Path extends [infer B extends string, ...infer PathRest extends string[]]
    ? SegmentMatch<A, B> extends infer S
      ? S extends 'no'
        ? 'no'
        : Match<PatternRest, PathRest, S extends 'param' ? 'param' : Sofar>
      : never
    : 'no'
  : Path extends []
    ? Sofar
    : 'no';

type IsAny<T> = 0 extends 1 & T ? true : false;

/** Routes answering JSON (a file route's schema is `any`: read it with `apiFetch`). */
type JsonRoute = { [R in ApiRoute]: IsAny<z.output<ApiRoutes[R]>> extends true ? never : R }[ApiRoute];

type RoutesMatching<P extends string, M extends Method, How extends 'exact' | 'param'> = {
  [R in ApiRoute]: R extends `${M} ${infer Pattern}`
    ? Match<Split<Pattern>, Split<PathOf<P>>> extends How
      ? R
      : never
    : never;
}[ApiRoute];

/**
 * The JSON route a path (one member of a union) reaches with a method (or each of a union of them):
 * the routes it matches exactly if any, as Fastify routes it; a file route reached is no JSON route.
 */
export type RouteOf<P extends string, M extends Method> = M extends Method
  ? ([RoutesMatching<P, M, 'exact'>] extends [never]
      ? RoutesMatching<P, M, 'param'>
      : RoutesMatching<P, M, 'exact'>) &
      JsonRoute
  : never;

/** `unknown` when every member of `P` reaches a JSON route with `M`; otherwise what the path must be. */
export type RouteCheck<P extends string, M extends Method> = [
  P extends string ? ([RouteOf<P, M>] extends [never] ? P : never) : never,
] extends [never]
  ? unknown
  : { 'no JSON route of the API answers this path with this method': P; method: M };

/** The column names of `fields=a,b,c`. */
type FieldNames<F extends string> = F extends `${infer Name},${infer Rest}` ? Name | FieldNames<Rest> : F;

/**
 * A list page's rows as the request asks for them (listOf's contract): every column when the query
 * has no `fields`, the named columns with a literal `fields` (each literal of a union), and maybe
 * any column when that is not known here: a `fields` of type string, a query of any keys (a
 * `Record<string, …>` may hold one), a `fields=` written into the path.
 */
type AskedRow<Row, P extends string, Q> = P extends `${string}?${string}fields=${string}`
  ? Partial<Row>
  : string extends keyof Q
    ? Partial<Row>
    : 'fields' extends keyof Q
      ? Q['fields'] extends infer F
        ? F extends undefined
          ? Row
          : F extends string
            ? string extends F
              ? Partial<Row>
              : Pick<Row, FieldNames<F> & keyof Row>
            : Partial<Row>
        : never
      : Row;

type Answer<R extends ApiRoute, P extends string, Q> = [ListSchemaRow<ApiRoutes[R]>] extends [never]
  ? z.output<ApiRoutes[R]>
  : Omit<z.output<ApiRoutes[R]>, 'data'> & { data: AskedRow<z.output<ListSchemaRow<ApiRoutes[R]>>, P, Q>[] };

/** What `api(path, { method, query })` resolves with. */
export type ApiAnswer<P extends string, M extends Method = 'GET', Q = Record<never, never>> = P extends string
  ? RouteOf<P, M> extends infer R extends ApiRoute
    ? R extends ApiRoute
      ? Answer<R, P, Q>
      : never
    : never
  : never;
