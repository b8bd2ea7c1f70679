import type {
  Customer,
  CustomerStatement,
  FormRecord,
  OrderListTotals,
  OrderRow,
  RouteAnswer,
} from '@idara/domain';
import { describe, expectTypeOf, it } from 'vitest';
import type { api } from './api';
import type { ApiAnswer, RouteCheck, RouteOf } from './api-routes';

/**
 * How `api(path, options)` is typed (lib/api-routes.ts). Type assertions: `npm run typecheck`
 * checks them (tsconfig.test.json), the run only counts them.
 */
declare const id: string;
declare const call: typeof api;

describe('a path meets its route', () => {
  it('segment by segment, a `:param` taking one segment', () => {
    expectTypeOf<RouteOf<`/api/customer/${string}`, 'GET'>>().toEqualTypeOf<'GET /api/customer/:id'>();
    expectTypeOf<
      RouteOf<`/api/customer/${string}/statement`, 'GET'>
    >().toEqualTypeOf<'GET /api/customer/:id/statement'>();
    expectTypeOf<RouteOf<`/api/task/${string}/files`, 'POST'>>().toEqualTypeOf<'POST /api/task/:id/files'>();
  });

  it('a literal before a `:param`, as Fastify routes it; a literal id still meets the `:param`', () => {
    expectTypeOf<RouteOf<'/api/order/totals', 'GET'>>().toEqualTypeOf<'GET /api/order/totals'>();
    expectTypeOf<RouteOf<'/api/order/0190a2', 'GET'>>().toEqualTypeOf<'GET /api/order/:id'>();
  });

  it('by its method, GET without one, and a query written into the path is no segment', () => {
    expectTypeOf<RouteOf<`/api/form/${string}`, 'PUT'>>().toEqualTypeOf<'PUT /api/form/:id'>();
    expectTypeOf<
      RouteOf<`/api/customer/${string}/statement?from=${string}`, 'GET'>
    >().toEqualTypeOf<'GET /api/customer/:id/statement'>();
  });

  it('refuses what no JSON route answers: an unknown path, another method, a file', () => {
    expectTypeOf<RouteCheck<'/api/customer', 'GET'>>().toBeUnknown();
    expectTypeOf<RouteCheck<'/api/nowhere', 'GET'>>().not.toBeUnknown();
    expectTypeOf<RouteCheck<`/api/customer/${string}`, 'POST'>>().not.toBeUnknown();
    expectTypeOf<RouteCheck<'/api/customer/export', 'GET'>>().not.toBeUnknown();
    expectTypeOf<RouteCheck<`/api/invoice/${string}/pdf`, 'GET'>>().not.toBeUnknown();
  });
});

describe('the answer is the route’s', () => {
  it('its schema’s output', () => {
    expectTypeOf<ApiAnswer<`/api/order/${string}/status`, 'POST'>>().toEqualTypeOf<
      RouteAnswer<'POST /api/order/:id/status'>
    >();
    expectTypeOf<ApiAnswer<'/api/order/totals'>>().toEqualTypeOf<OrderListTotals>();
    expectTypeOf<ApiAnswer<'/api/notification/unreadCount'>>().toEqualTypeOf<number>();
    expectTypeOf<ApiAnswer<`/api/customer/${string}/statement`>>().toEqualTypeOf<CustomerStatement>();
  });

  it('a list asked without `fields`: whole rows', () => {
    type Page = ApiAnswer<'/api/order', 'GET', { customer: string; limit: 10 }>;
    expectTypeOf<Page['data'][number]>().toEqualTypeOf<OrderRow>();
    expectTypeOf<Page['total']>().toEqualTypeOf<number>();
  });

  it('with a literal `fields`: those columns; with any other: maybe any column', () => {
    type Named = ApiAnswer<'/api/user', 'GET', { fields: 'name,_id' }>['data'][number];
    expectTypeOf<Named>().toEqualTypeOf<Pick<RouteAnswer<'GET /api/user/:id'>, 'name' | '_id'>>();
    type Unknown = ApiAnswer<'/api/customer', 'GET', { fields: string }>['data'][number];
    expectTypeOf<Unknown>().toEqualTypeOf<Partial<Customer>>();
    type Any = ApiAnswer<'/api/customer', 'GET', Record<string, string>>['data'][number];
    expectTypeOf<Any>().toEqualTypeOf<Partial<Customer>>();
  });

  it('infers the path, the method and the query at the call', () => {
    const typed = async () => {
      expectTypeOf(await call(`/api/form/${id}`, { method: 'PUT', body: {} })).toEqualTypeOf<FormRecord>();
      const picked = await call('/api/order', { query: { fields: '_id,number', limit: 5 } });
      expectTypeOf(picked.data[0]).toEqualTypeOf<Pick<OrderRow, '_id' | 'number'>>();
      // @ts-expect-error no route answers it
      await call('/api/nowhere');
      // @ts-expect-error a file: read it with apiFetch
      await call(`/api/invoice/${id}/pdf`);
      // @ts-expect-error GET only
      await call(`/api/customer/${id}`, { method: 'POST' });
    };
    expectTypeOf(typed).toBeFunction();
  });
});
