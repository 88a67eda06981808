// The short journey `pnpm test` runs on the embedded database (PGlite), where the product starts
// as the README's first command does: every other journey runs on PostgreSQL, and the server
// suite proves both databases answer alike. Here the browser, the built apps and the server on
// PGlite meet once: an investor asks for a deposit, the admin approves it on the Pending deposits
// screen, and the money is on the investor's dashboard.
import { call, newInvestor, registerInvestor } from '../src/api';
import { journey } from '../src/journey';
import { confirmAction, loginAdmin, loginInvestor, shown, text, url } from '../src/ui';

const j = journey('smoke');
const inv = newInvestor('smoke');
let depositId = '';

beforeAll(async () => {
  const session = await registerInvestor(inv);
  const deposit = await call<{ data: { id: string } }>('POST', '/deposit', { token: session.token, body: { method: 'bitcoin', amount: 250, from: session.uid } });
  depositId = deposit.data.id;
});

describe('smoke journey', () => {
  test('the admin approves a deposit in the browser', async () => {
    const page = await j.open();
    await j.step(page, 'admin approves the deposit', async () => {
      await loginAdmin(page);
      await page.goto(url('/admin/pending-deposit'));
      await confirmAction(page, page.getByRole('button', { name: `Approve deposit ${depositId}` }), 'Approve', 'Deposit approved successfully.');
    });
  });

  test('the investor signs in and sees it on the dashboard', async () => {
    const page = await j.open();
    await j.step(page, 'investor sees 250', async () => {
      await loginInvestor(page, inv.email, inv.password);
      await text(page, 'Crypto Investment Made Easy.');
      await shown(page.getByRole('listitem', { name: 'Bitcoin', exact: true }).getByText('$250.00', { exact: true }));
    });
  });
});
