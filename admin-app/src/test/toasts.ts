import { screen, within } from '@testing-library/react';

const region = () => screen.getByRole('region', { name: 'Notifications' });

/** A success (or other non-error) toast: the Toaster's polite status list. */
export const findSuccessToast = (text: string) => within(within(region()).getByRole('status')).findByText(text);

/** An error toast: the Toaster's assertive alert list. */
export const findErrorToast = (text: string) => within(within(region()).getByRole('alert')).findByText(text);
