import { screen, within } from '@testing-library/react';

const region = () => screen.getByRole('region', { name: 'Notifications' });

/** The toast (react-toastify's element carrying the role) with this text, in the Toaster's region. */
const findToast = (role: 'status' | 'alert', text: string) => within(region()).findByText(text, { selector: `[role="${role}"]` });

/** A success (or other non-error) toast: role status. */
export const findSuccessToast = (text: string) => findToast('status', text);

/** An error toast: role alert. */
export const findErrorToast = (text: string) => findToast('alert', text);
