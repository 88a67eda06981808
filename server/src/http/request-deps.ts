import type { FastifyRequest } from 'fastify';
import type { Deps } from '../deps';

/** What a request's services are given: the app's deps, logging with the request's logger. */
export const requestDeps = (request: FastifyRequest): Deps => ({ ...request.server.deps, log: request.log });
