// Rows of the database's user_figures (migrations 019, 027), read by authentication and by profiles.

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
  /** Held for open withdrawals, every asset (migration 027) */
  held: string;
  /** Locked in investments, every asset (migration 027) */
  invested: string;
}

/** A row of user_figures as it comes back: the figures and the copied traders. */
export interface ProfileFiguresRow extends FiguresRow {
  copy_traders: string[];
}
