// The baselines of the read path: a bare Fastify hello-world (same Fastify version as the server)
// and, when HELLO_DB_URL is set, the same with one `SELECT 1` round trip to PostgreSQL.
import Fastify from 'fastify';
import pg from 'pg';

const app = Fastify({ logger: false });
app.get('/hello', async () => ({ hello: 'world' }));
if (process.env.HELLO_DB_URL) {
  const pool = new pg.Pool({ connectionString: process.env.HELLO_DB_URL, max: 10 });
  app.get('/hello-db', async () => ({ hello: (await pool.query('SELECT 1 AS one')).rows[0].one }));
}
await app.listen({ port: Number(process.env.PORT), host: '127.0.0.1' });
process.send?.('ready');
