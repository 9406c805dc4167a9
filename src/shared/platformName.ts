// The platform's name before an admin renames it. Its own module, free of zod, because the first
// page (/auth) shows it and must not load the schema library to do so.
export const DEFAULT_SITE_NAME = 'Contest Platform';
