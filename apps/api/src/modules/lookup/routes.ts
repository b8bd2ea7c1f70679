import {
  customerPickOut,
  type EntityNoun,
  entityNouns,
  formPickOut,
  listOf,
  lookupPermissions,
  orderPickOut,
  type Permission,
  paymentMethodOptionsOut,
  placesOut,
  pricedLookupsOut,
  type ServiceOption,
  userPickOut,
} from '@idara/domain';
import { asc, eq } from 'drizzle-orm';
import type { z } from 'zod';
import { cities, contracts, governments, paymentMethods, services } from '../../db/schema';
import { notFound } from '../../http/errors';
import { type ListResource, runList, withJoinsSelect } from '../../http/list-query';
import type { RoutesPlugin } from '../../http/response-contract';
import { idParams } from '../../http/route-params';
import { customerResource } from '../customer/resource';
import { formResource } from '../form/resource';
import { orderResource } from '../order/resource';
import { userResource } from '../user/resource';

/**
 * Reference data a screen needs to show, filter and pick its own records — regions and cities,
 * services and contract types with their prices, customers, orders, employees, forms and payment
 * methods — for whoever may use such a screen (packages/domain `lookupPermissions`), without the
 * right to manage that data.
 */
const PICKED = '_id,name,phoneNumber,city,buildingNumber,street,district,postalCode';
/** What a payment's order picker and summary show (packages/domain receivables.ts figures). */
const ORDER_PICKED =
  '_id,number,customer,customerName,status,total,paid,balance,invoiced,pending,outstanding';

export const lookupRoutes: RoutesPlugin = async (app) => {
  /**
   * A picker over a large resource: the list's paging, search and filters with only the fields a
   * picker shows, and one row by id for a preselected value.
   */
  const picker = (
    path: string,
    resource: ListResource,
    picked: string,
    anyPermission: Permission[],
    noun: EntityNoun,
    row: z.ZodObject,
  ) => {
    const list = listOf(row);
    const fields = Object.fromEntries(picked.split(',').map((f) => [f, resource.fields[f]]));
    app.get(
      path,
      { config: { anyPermission }, schema: { tags: ['lookup'], response: { 200: list } } },
      async (req) => {
        const { fields: _fields, ...query } = req.query as Record<string, unknown>;
        return runList(app.db, resource, { ...query, fields: picked }) as Promise<z.input<typeof list>>;
      },
    );
    app.get(
      `${path}/:id`,
      {
        config: { anyPermission },
        schema: { tags: ['lookup'], params: idParams, response: { 200: row } },
      },
      async (req) => {
        const [found] = await withJoinsSelect(app.db, resource, fields).where(
          eq(resource.fields._id, req.params.id),
        );
        if (!found) throw notFound(noun);
        return found as z.input<typeof row>;
      },
    );
  };

  // Customers to pick for an order or a task, by name or phone.
  picker(
    '/customers',
    customerResource,
    PICKED,
    lookupPermissions.customers,
    entityNouns.customer,
    customerPickOut,
  );
  // Orders to pay against or to attach a task to, by number or customer.
  picker('/orders', orderResource, ORDER_PICKED, lookupPermissions.orders, entityNouns.order, orderPickOut);
  // Employees to assign a task to.
  picker('/users', userResource, '_id,name,jobTitle', lookupPermissions.users, entityNouns.user, userPickOut);
  // Forms a service or a task carries.
  picker(
    '/forms',
    formResource,
    '_id,title,version,active',
    lookupPermissions.forms,
    entityNouns.form,
    formPickOut,
  );

  // Payment methods to choose from when recording a payment (the list's answer shape).
  app.get(
    '/paymentMethods',
    {
      config: { anyPermission: lookupPermissions.paymentMethods },
      schema: { tags: ['lookup'], response: { 200: paymentMethodOptionsOut } },
    },
    async () => {
      const data = await app.db
        .select({ _id: paymentMethods._id, name: paymentMethods.name, active: paymentMethods.active })
        .from(paymentMethods)
        .orderBy(asc(paymentMethods.name));
      return { data, total: data.length, page: 1, limit: 0 };
    },
  );

  app.get(
    '/places',
    {
      config: { anyPermission: lookupPermissions.places },
      schema: { tags: ['lookup'], response: { 200: placesOut } },
    },
    async () => {
      const [regions, places] = await Promise.all([
        app.db
          .select({ _id: governments._id, name: governments.name })
          .from(governments)
          .orderBy(asc(governments.name)),
        app.db
          .select({ _id: cities._id, name: cities.name, government: cities.government })
          .from(cities)
          .orderBy(asc(cities.name)),
      ]);
      return { governments: regions, cities: places };
    },
  );

  app.get(
    '/services',
    {
      config: { anyPermission: lookupPermissions.services },
      schema: { tags: ['lookup'], response: { 200: pricedLookupsOut } },
    },
    async () => {
      const fields = <T extends typeof services | typeof contracts>(t: T) => ({
        _id: t._id,
        name: t.name,
        price: t.price,
        active: t.active,
      });
      const [serviceRows, contractRows] = await Promise.all([
        app.db
          .select({
            ...fields(services),
            unit: services.unit,
            vatCategory: services.vatCategory,
            vatExemptionCode: services.vatExemptionCode,
            vatExemptionReason: services.vatExemptionReason,
          })
          .from(services)
          .orderBy(asc(services.name)),
        app.db
          .select({
            ...fields(contracts),
            durationMonths: contracts.durationMonths,
            visits: contracts.visits,
          })
          .from(contracts)
          .orderBy(asc(contracts.name)),
      ]);
      // The unit and category are text columns holding the domain's values.
      return { services: serviceRows as ServiceOption[], contracts: contractRows };
    },
  );
};
