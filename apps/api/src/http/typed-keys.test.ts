import { cityRecord, equipment as equipmentDefinition } from '@idara/domain';
import { describe, expect, it } from 'vitest';
import { cities, equipment } from '../db/schema';
import { entityRoutes } from './entity-routes';
import { fieldsOf } from './list-query';

/**
 * The keys a record's API is written with are the answer's fields: a misspelt one does not
 * compile. `npm run typecheck` checks this file; each `@ts-expect-error` fails it if the misspelt
 * key were accepted (an unused directive is an error).
 */
describe('typed record keys', () => {
  it('a list field must be a field of the answer', () => {
    // @ts-expect-error «nmae» is not a field of a city
    const misspelt = fieldsOf(cityRecord, { nmae: cities.name });
    expect(Object.keys(misspelt)).toEqual(['nmae']);
    expect(Object.keys(fieldsOf(cityRecord, { name: cities.name }))).toEqual(['name']);
  });

  it('an export column and a searched field must be fields of the entity', () => {
    const routes = () =>
      entityRoutes(equipmentDefinition, {
        table: equipment,
        // @ts-expect-error «serial» is not a field of the body
        search: ['name', 'serial'],
        label: (r) => String(r.name),
        export: {
          fileName: 'x',
          // @ts-expect-error «customerNme» is not a field of the answer
          columns: () => [{ key: 'customerNme', header: 'العميل' }],
        },
      });
    expect(typeof routes).toBe('function');
  });
});
