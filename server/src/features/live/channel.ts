/** The NOTIFY channel of migration 028's triggers: the payload is the investor's id. */
export const LIVE_CHANNEL = 'halcyon_user_changes';
