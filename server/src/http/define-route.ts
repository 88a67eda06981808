import type { FastifyBaseLogger, FastifyInstance, FastifyPluginAsync, FastifyReply, FastifyRequest } from 'fastify';
import { z } from 'zod';
import { routes, type ResponseOf, type RouteName, type Routes } from '@halcyon/api-client/contract';
import type { Config } from '../config';
import type { Db } from '../db/types';
import type { Deps } from '../deps';
import { authenticate, type AuthInfo } from './authenticate';
import { badRequest } from '../errors';
import { filterResponse } from './response-filter';
import { parsePart } from './validation';
import { requestDeps } from './request-deps';

type Parsed<N extends RouteName, K extends 'body' | 'params' | 'query'> = Routes[N] extends { [P in K]: infer S extends z.ZodType } ? z.output<S> : undefined;

export interface RouteContext<N extends RouteName> {
  name: N;
  body: Parsed<N, 'body'>;
  params: Parsed<N, 'params'>;
  query: Parsed<N, 'query'>;
  /** The caller; null only on routes with access 'none'. */
  auth: Routes[N]['access'] extends 'none' ? null : AuthInfo;
  db: Db;
  config: Config;
  log: FastifyBaseLogger;
  /** What services are given (deps.ts): a route passes it on, never the Fastify instance. */
  deps: Deps;
  request: FastifyRequest;
  reply: FastifyReply;
  /** The Idempotency-Key header on routes marked idempotent (validated: 1–255 visible characters). */
  idempotencyKey: string | undefined;
}

export interface RouteOptions {
  /** Read the caller's profile figures with the authentication, in the same statement (`auth.figures`). */
  callerFigures?: boolean;
}

/** A Fastify plugin registering exactly one route of the contract. */
export type RoutePlugin = FastifyPluginAsync & { routeName: RouteName };

const IDEMPOTENCY_KEY = /^[\x21-\x7e]{1,255}$/;

function jsonSchema(schema: z.ZodType, io: 'input' | 'output'): Record<string, unknown> {
  const { $schema: _drop, ...rest } = z.toJSONSchema(schema, { io, unrepresentable: 'any' }) as Record<string, unknown>;
  return rest;
}

/** Every error answer's body (docs/api.md "Errors"): what to show, and a stable code to branch on. */
export const errorBody = (description: string) => ({
  description,
  type: 'object',
  properties: {
    message: { type: 'string', description: 'What went wrong, for people; a 400 names the field first ("amount: must be …").' },
    code: { type: 'string', description: 'A stable code for programs (docs/api.md lists them).' },
  },
  required: ['message', 'code'],
});

/** The error answers of a route, from what it takes and who may call it; the rest under `default`. */
function errorAnswers(r: Routes[RouteName]): Record<string, Record<string, unknown>> {
  const takesInput = ('body' in r && r.body) || ('params' in r && r.params) || ('query' in r && r.query) || ('multipart' in r && r.multipart);
  return {
    ...(takesInput ? { 400: errorBody('The input is not valid (`VALIDATION`, `INVALID_JSON`): `message` names the field and why.') } : {}),
    ...(r.access === 'none'
      ? {}
      : {
          401: errorBody('No valid session (`UNAUTHENTICATED`, `INVALID_TOKEN`, `SESSION_REVOKED`).'),
          403: errorBody('Signed in, but not allowed this (`FORBIDDEN`: another role, or someone else\'s record).'),
        }),
    ...('params' in r && r.params ? { 404: errorBody('Nothing has this id (`NOT_FOUND` or a more specific code).') } : {}),
    default: errorBody('Any other error: a conflict (409), too large (413), a business rule (422), rate limited (429, with `retry-after`), busy (503).'),
  };
}

/** The OpenAPI description of a route, from the same zod schemas the handler validates with. */
function openApiSchema(name: RouteName): Record<string, unknown> {
  const r = routes[name] as Routes[RouteName];
  const tag = r.path.split('/')[1] ?? 'api';
  return {
    operationId: name,
    summary: r.summary,
    tags: [tag],
    ...('body' in r && r.body ? { body: jsonSchema(r.body, 'input') } : {}),
    ...('params' in r && r.params ? { params: jsonSchema(r.params, 'input') } : {}),
    ...('query' in r && r.query ? { querystring: jsonSchema(r.query, 'input') } : {}),
    ...('multipart' in r && r.multipart ? { consumes: ['multipart/form-data'] } : {}),
    // Public routes say so ([]), rather than leaving a reader to guess.
    security: r.access === 'none' ? [] : [{ bearer: [] }],
    response: { [r.status]: jsonSchema(r.response, 'output'), ...errorAnswers(r) },
  };
}

/**
 * Registers one route of the contract under the caller's prefix (/api): enforces its access,
 * validates params, query and body with its zod schemas (400 naming the field), answers with the
 * table's status, and describes it in OpenAPI. `handler` returns the response body, which leaves
 * filtered by the response schema: only declared fields (response-filter.ts).
 */
export function defineRoute<N extends RouteName>(name: N, handler: (ctx: RouteContext<N>) => Promise<ResponseOf<N>>, options: RouteOptions = {}): RoutePlugin {
  const route = routes[name] as Routes[RouteName];
  const plugin: FastifyPluginAsync = async (app: FastifyInstance) => {
    app.route({
      method: route.method,
      url: route.path,
      // Described when the OpenAPI document is first asked for, not at every start: turning the zod
      // schemas into JSON Schema was a sixth of a server's start (each test file starts one).
      schema: { operationId: name },
      config: { swaggerTransform: ({ url }) => ({ schema: openApiSchema(name), url }) },
      // Before the body is read: an anonymous or wrong-role caller learns nothing about validation.
      onRequest: async (request) => {
        request.auth = route.access === 'none' ? null : await authenticate(request, route.access, options.callerFigures);
      },
      handler: async (request, reply) => {
        const params = 'params' in route && route.params ? parsePart(route.params, request.params, 'params') : undefined;
        const query = 'query' in route && route.query ? parsePart(route.query, request.query, 'query') : undefined;
        const body = 'body' in route && route.body ? parsePart(route.body, request.body, 'body') : undefined;
        let idempotencyKey: string | undefined;
        if ('idempotent' in route && route.idempotent) {
          const header = request.headers['idempotency-key'];
          if (header !== undefined) {
            if (typeof header !== 'string' || !IDEMPOTENCY_KEY.test(header)) throw badRequest('Idempotency-Key: must be 1 to 255 visible characters');
            idempotencyKey = header;
          }
        }
        // REQUIRE_ADMIN_PASSKEY: an admin money decision carries a passkey assertion bound to it.
        if ('decision' in route && route.decision && app.config.requireAdminPasskey && request.auth) {
          await app.decisionGuard(request.auth.user, name, params, body);
        }
        const ctx = {
          name, body, params, query, auth: request.auth, db: app.db, config: app.config, log: request.log, deps: requestDeps(request), request, reply, idempotencyKey,
        } as unknown as RouteContext<N>;
        const result = await handler(ctx);
        reply.code(route.status);
        return filterResponse(name, route.response, result, app.config.checkResponses);
      },
    });
  };
  return Object.assign(named(plugin, name), { routeName: name });
}

/**
 * Fastify's own compilers off: routes validate and filter with zod (defineRoute), so the JSON
 * schemas given to Fastify serve OpenAPI only and the response is serialized as filtered.
 */
export function setContractCompilers(app: FastifyInstance): void {
  app.setValidatorCompiler(() => (data) => ({ value: data }));
  app.setSerializerCompiler(() => (data) => JSON.stringify(data));
}

/**
 * A feature's routes as one plugin: `export default feature(defineRoute(...), ...)`. A plain plugin
 * may sit in the list for a route outside the contract (e.g. GET /api/media/:name).
 */
export function feature(...list: Array<RoutePlugin | FastifyPluginAsync>): FastifyPluginAsync {
  return named(async (app) => {
    for (const r of list) await app.register('routeName' in r ? r : named(r, r.name || 'route outside the contract'));
  }, `feature(${list.map((r) => ('routeName' in r ? r.routeName : r.name)).join(', ')})`);
}

/**
 * Names a plugin for Fastify's plugin tree. Without a name, each register searches every loaded
 * module for the function (require.cache): under jest that was about 0.4 s per server start.
 */
export function named<P extends FastifyPluginAsync>(plugin: P, name: string): P {
  return Object.assign(plugin, { [Symbol.for('fastify.display-name')]: name });
}
