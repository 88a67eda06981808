// Rows of the database's user_figures (migration 019), read by authentication and by profiles.

/** A row of the database's user_figures (migration 019): cents as text, for any number of users in one query. */
export interface FiguresRow {
  uid: string;
  btc: string;
  usdt: string;
  eth: string;
  sol: string;
  earnings: string;
  deposits: string;
  withdrawals: string;
}

/** A row of user_figures as it comes back: the figures and the copied traders. */
export interface ProfileFiguresRow extends FiguresRow {
  copy_traders: string[];
}
