import { screen, within } from '@testing-library/react';

// The region comes with the first toast (the Toaster loads react-toastify then): wait for it too.
const region = () => screen.findByRole('region', { name: 'Notifications' });

/** The message of a toast with this role (react-toastify's element carrying it), in the Toaster's region. */
const findToast = async (role: 'status' | 'alert', text: string) => within(await region()).findByText(text, { selector: `[role="${role}"] > p` });

/** A success (or other non-error) toast: role status. */
export const findSuccessToast = (text: string) => findToast('status', text);

/** An error toast: role alert. */
export const findErrorToast = (text: string) => findToast('alert', text);
