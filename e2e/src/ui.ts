// Small waiting assertions over playwright-core locators (playwright-core has no `expect`), and
// the log-in steps every journey shares. Roles, labels and the spec's texts only.
import type { Locator, Page } from 'playwright-core';
import { runInfo } from './run-info';

export const url = (path: string) => `${runInfo().baseUrl}${path}`;

/** Waits until the locator's first match is visible and returns it. */
export async function shown(locator: Locator, timeout?: number): Promise<Locator> {
  await locator.first().waitFor({ state: 'visible', ...(timeout ? { timeout } : {}) });
  return locator.first();
}

export async function gone(locator: Locator, timeout?: number): Promise<void> {
  await locator.first().waitFor({ state: 'hidden', ...(timeout ? { timeout } : {}) });
}

/** Waits for the exact text somewhere on the page (toasts included). */
export const text = (page: Page, value: string | RegExp, timeout?: number) =>
  shown(page.getByText(value, typeof value === 'string' ? { exact: true } : {}), timeout);

export async function at(page: Page, path: string, timeout?: number): Promise<void> {
  await page.waitForURL((u) => u.pathname === path, timeout ? { timeout } : {});
}

/** Polls fn until it stops throwing (for figures that settle after a reload or a refetch). */
export async function eventually(fn: () => Promise<void>, timeout = 10_000): Promise<void> {
  const end = Date.now() + timeout;
  for (;;) {
    try {
      return await fn();
    } catch (error) {
      if (Date.now() > end) throw error;
      await new Promise((r) => setTimeout(r, 250));
    }
  }
}

/**
 * The app's page has started: the sign-in page hands "Login Successfully" over to it in
 * sessionStorage, and the URL changes before the app reads it. A test that loads another page in
 * between would find the toast there instead, over what it looks at.
 */
async function signedIn(page: Page, path: string): Promise<void> {
  await at(page, path);
  await text(page, 'Login Successfully');
}

export async function loginInvestor(page: Page, email: string, password: string): Promise<void> {
  await page.goto(url('/auth/login'));
  await field(page, 'Email').fill(email);
  await passwordField(page).fill(password);
  await page.getByRole('button', { name: /^log ?in$/i }).click();
  await signedIn(page, '/user/main');
}

export async function loginAdmin(page: Page): Promise<void> {
  const { adminEmail, adminPassword } = runInfo();
  await page.goto(url('/admin-auth/admin-login'));
  await field(page, 'Email').fill(adminEmail);
  await passwordField(page).fill(adminPassword);
  await page.getByRole('button', { name: /^log ?in$/i }).click();
  await signedIn(page, '/admin/overview');
}

/** Clicks a row action, then the confirm dialog's button, and waits for the toast. */
export async function confirmAction(page: Page, button: Locator, confirmLabel: string, toast: string): Promise<void> {
  await (await shown(button)).click();
  const dialog = await shown(page.getByRole('dialog').or(page.getByRole('alertdialog')));
  await dialog.getByRole('button', { name: confirmLabel, exact: true }).click();
  await text(page, toast);
}

/**
 * Withdraw: the form's button opens "Review your withdrawal" once the checks pass; only the
 * review's confirm ('Send withdrawal', or 'Confirm with passkey' when opened by that button) sends.
 */
export async function sendWithdrawal(page: Page, button: 'Withdraw Now' | 'Confirm with passkey' = 'Withdraw Now'): Promise<void> {
  await page.getByRole('button', { name: button, exact: true }).click();
  const dialog = await shown(page.getByRole('dialog', { name: 'Review your withdrawal' }));
  await dialog.getByRole('button', { name: button === 'Withdraw Now' ? 'Send withdrawal' : 'Confirm with passkey', exact: true }).click();
}

/** A field by the start of its label: the visible label may end with a required mark, and the
 * anchor keeps 'Password' from matching the 'Show password' toggle. */
export const field = (page: Page | Locator, label: string) => page.getByLabel(new RegExp(`^${escape(label)}\\b`, 'i')).first();
export const passwordField = (page: Page) => field(page, 'Password');

const escape = (s: string) => s.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
