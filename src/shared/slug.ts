// URL names made from titles, for /contests/{slug} and /education/{slug}.

/**
 * Lower-case ASCII words joined by dashes, at most 80 characters: 'Risk Management 101!' ->
 * 'risk-management-101'. Never empty and never only digits (a number is read as an id in paths
 * that take an id or a slug): then `fallback`, or `fallback-<digits>`.
 */
export function slugify(title: string, fallback: string): string {
  const base = title
    .normalize('NFKD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-+|-+$/g, '')
    .slice(0, 80)
    .replace(/-+$/, '');
  if (!base) return fallback;
  return /^[0-9]+$/.test(base) ? `${fallback}-${base}` : base;
}
