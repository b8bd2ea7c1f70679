import { isDeepStrictEqual } from 'node:util';
import { errorResponse } from '@idara/domain';
import fastJson from 'fast-json-stringify';
import type {
  FastifyBaseLogger,
  FastifyInstance,
  FastifyPluginAsync,
  FastifyTypeProvider,
  RawServerDefault,
  RouteOptions,
} from 'fastify';
import { z } from 'zod';

/**
 * Routes see their handlers' answers typed by the schema's *input* (what the serializer is handed,
 * e.g. a `Date` for a moment) and their requests by its output, as Fastify runs them.
 */
export interface ServerTypeProvider extends FastifyTypeProvider {
  validator: this['schema'] extends z.ZodType ? z.output<this['schema']> : unknown;
  serializer: this['schema'] extends z.ZodType ? z.input<this['schema']> : unknown;
}
export type RoutesPlugin<Options extends Record<string, unknown> = Record<never, never>> = FastifyPluginAsync<
  Options,
  RawServerDefault,
  ServerTypeProvider
>;

type JsonSchema = { [key: string]: unknown };

/** `anyOf: [X, null]` → `type: [X, 'null']`: fast-json-stringify runs a validator per `anyOf` value. */
function nullableAsType(node: unknown): unknown {
  if (Array.isArray(node)) return node.map(nullableAsType);
  if (!node || typeof node !== 'object') return node;
  const out: JsonSchema = {};
  for (const [key, value] of Object.entries(node)) out[key] = nullableAsType(value);
  const options = out.anyOf as JsonSchema[] | undefined;
  if (Array.isArray(options) && options.length === 2) {
    const nullAt = options.findIndex((o) => o.type === 'null' && Object.keys(o).length === 1);
    const other = options[1 - nullAt];
    if (nullAt >= 0 && typeof other.type === 'string') {
      delete out.anyOf;
      return { ...out, ...other, type: [other.type, 'null'] };
    }
  }
  return out;
}

/** The JSON Schema of a response as fast-json-stringify reads it. */
export function wireJsonSchema(schema: z.ZodType): JsonSchema {
  const json = z.toJSONSchema(schema, {
    target: 'draft-7',
    io: 'output',
    unrepresentable: 'any',
  }) as JsonSchema;
  delete json.$schema;
  return nullableAsType(json) as JsonSchema;
}

/** Why an answer breaks its schema (empty: it keeps it), and what the fast serializer wrote of it. */
export function contractProblems(
  schema: z.ZodType,
  serialize: (data: unknown) => string,
  data: unknown,
): { problems: string[]; serialized: string } {
  const wire = JSON.parse(JSON.stringify(data) ?? 'null');
  const parsed = schema.safeParse(wire);
  if (!parsed.success) {
    const problems = parsed.error.issues.map((i) => `${i.path.join('.') || '(root)'}: ${i.message}`);
    return { problems, serialized: '' };
  }
  let serialized: string;
  try {
    serialized = serialize(data);
  } catch (err) {
    return { problems: [`serializer: ${(err as Error).message}`], serialized: '' };
  }
  // What the fast serializer wrote must be what the handler gave: a key the schema forgot is dropped
  // there (and the screen would lose it), a value of another type is coerced.
  if (!isDeepStrictEqual(JSON.parse(serialized), wire)) {
    const problems = [
      `serialized ${serialized.slice(0, 300)} ≠ answer ${JSON.stringify(wire).slice(0, 300)}`,
    ];
    return { problems, serialized };
  }
  return { problems: [], serialized };
}

export class ResponseContractError extends Error {}

/**
 * Serialises every answer with its route's response schema (zod → JSON Schema → fast-json-stringify:
 * as fast as JSON.stringify, and keys the schema does not name never leave the server).
 *
 * `check` (tests): each answer is also parsed by the zod schema and compared with what was written; a
 * mismatch is noted in `mismatches` and thrown, so the request fails with a 500 and the test that made
 * it — every API test — fails. The harness also fails on close while any mismatch was noted.
 *
 * Production does not parse: a mismatch the tests did not meet must not turn a user's request into a
 * 500 (no request may), so the answer goes out as plain JSON and the mismatch is logged as an error
 * for the operator to report.
 */
export function responseSerializerCompiler(opts: {
  check: boolean;
  log: FastifyBaseLogger;
  mismatches: string[];
}) {
  return ({
    schema,
    method,
    url,
    httpStatus,
  }: {
    schema: unknown;
    method: string;
    url: string;
    httpStatus?: string;
  }) => {
    const zodSchema = schema as z.ZodType;
    const fast = fastJson(wireJsonSchema(zodSchema) as unknown as Parameters<typeof fastJson>[0]);
    const where = `${method} ${url} → ${httpStatus}`;
    if (opts.check) {
      return (data: unknown) => {
        const { problems, serialized } = contractProblems(zodSchema, fast, data);
        if (problems.length > 0) {
          const text = `${where}: answer outside its schema: ${problems.join('; ')}`;
          opts.mismatches.push(text);
          throw new ResponseContractError(text);
        }
        return serialized;
      };
    }
    return (data: unknown) => {
      try {
        return fast(data);
      } catch (err) {
        opts.log.error({ route: where, err }, 'answer outside its response schema');
        return JSON.stringify(data);
      }
    };
  };
}

/** Every /api route answers its errors in the one error shape: declared once here, not per route. */
export function declareErrorResponses(route: RouteOptions) {
  if (!route.url.startsWith('/api') || route.url.startsWith('/api/docs')) return;
  if (!route.schema) route.schema = {};
  if (!route.schema.response) route.schema.response = {};
  const response = route.schema.response as Record<string, unknown>;
  response['4xx'] ??= errorResponse;
  response['5xx'] ??= errorResponse;
}

export function registerResponseContract(app: FastifyInstance, check: boolean) {
  const mismatches: string[] = [];
  app.decorate('responseMismatches', mismatches);
  app.setSerializerCompiler(responseSerializerCompiler({ check, log: app.log, mismatches }));
  app.addHook('onRoute', declareErrorResponses);
}
