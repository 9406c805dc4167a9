import type { TUser } from '../../../shared/schemas/auth';
import { PageHeader } from '../../components/layout/PageHeader';

export function AdminDashboardPage({ user }: { user: TUser }) {
  return <PageHeader title="Admin Dashboard" subtitle={`Welcome back, ${user.username}`} />;
}
