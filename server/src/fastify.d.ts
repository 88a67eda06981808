import 'fastify';
import type { Deps } from './deps';

declare module 'fastify' {
  // The same objects as `deps`, for the framework (http/, jobs/); routes and services take `deps`.
  interface FastifyInstance extends Omit<Deps, 'log'> {
    /** What routes hand to services (deps.ts); each request's copy logs with the request's logger. */
    deps: Deps;
    /**
     * Checks an admin money decision (a route marked `decision`) before its handler runs:
     * REQUIRE_ADMIN_PASSKEY's passkey assertion (services/passkeys.ts; app.ts wires it).
     */
    decisionGuard: (admin: import('./db/users').UserRow, route: string, params: unknown, body: unknown) => Promise<void>;
  }
}

declare module 'fastify' {
  interface FastifyRequest {
    /** Set by defineRoute's onRequest hook; null on routes with access 'none'. */
    auth: import('./http/authenticate').AuthInfo | null;
  }
}
