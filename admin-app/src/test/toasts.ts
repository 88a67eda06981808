import { screen, within } from '@testing-library/react';

const region = () => screen.getByRole('region', { name: 'Notifications' });

/** The message of a toast with this role (react-toastify's element carrying it), in the Toaster's region. */
const findToast = (role: 'status' | 'alert', text: string) => within(region()).findByText(text, { selector: `[role="${role}"] > p` });

/** A success (or other non-error) toast: role status. */
export const findSuccessToast = (text: string) => findToast('status', text);

/** An error toast: role alert. */
export const findErrorToast = (text: string) => findToast('alert', text);
