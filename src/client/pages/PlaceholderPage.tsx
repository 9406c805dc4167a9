// Screens whose capability has not been built yet show their heading only.
import { PageHeader } from '../components/layout/PageHeader';

export function PlaceholderPage({ title, subtitle }: { title: string; subtitle?: string }) {
  return <PageHeader title={title} subtitle={subtitle} />;
}
