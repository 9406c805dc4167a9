import { Trophy } from 'lucide-react';
import type { ReactNode } from 'react';
import { ListEmptyState } from '../common/ListEmptyState';

/** An empty list's message: a title (SPEC's texts) and a line on what would fill it. */
export function ContestEmptyState({
  title,
  description,
  action,
}: {
  title: string;
  description?: string;
  action?: ReactNode;
}) {
  return <ListEmptyState icon={Trophy} title={title} description={description} action={action} />;
}
