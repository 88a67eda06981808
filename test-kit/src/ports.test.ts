import { createServer } from 'node:net';
import { freePort } from './ports';

test('freePort gives a port that can be listened on at once', async () => {
  const port = await freePort();
  expect(port).toBeGreaterThan(0);
  const srv = createServer();
  await new Promise<void>((resolve, reject) => {
    srv.once('error', reject);
    srv.listen(port, '127.0.0.1', resolve);
  });
  await new Promise((r) => srv.close(r));
});
