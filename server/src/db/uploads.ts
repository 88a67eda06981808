/**
 * Every column that holds a mediaUrl (`<apiBaseUrl>/media/<name>`): an upload named in one of them is
 * in use and never swept. A new picture column is one line here.
 */
const MEDIA_URL_COLUMNS: ReadonlyArray<{ table: string; column: string }> = [
  { table: 'users', column: 'profile_pic' },
  { table: 'traders', column: 'image_url' },
];

/**
 * SQL: the file names referenced anywhere (column `name`), taken from the URL's last segment so a
 * changed API_BASE_URL prefix still counts as a reference (a sweep must never delete a used file).
 */
export const REFERENCED_UPLOAD_NAMES = MEDIA_URL_COLUMNS.map(
  ({ table, column }) => `SELECT substring(${column} from '/media/([^/]+)$') AS name FROM ${table} WHERE ${column} LIKE '%/media/%'`,
).join(' UNION ALL ');
