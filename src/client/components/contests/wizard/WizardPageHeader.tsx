// The header of a page that holds the contest wizard (the member's and the admin's): its title,
// what this wizard is for, and the way back the variant names.
import { ArrowLeft } from 'lucide-react';
import { LinkButton } from '../../common/LinkButton';
import { PageHeader } from '../../layout/PageHeader';
import type { WizardVariant } from './variants';

export function WizardPageHeader({
  variant,
  subtitle,
  documentTitle,
}: {
  variant: WizardVariant;
  subtitle: string;
  documentTitle?: string;
}) {
  return (
    <PageHeader
      title="Create Contest"
      documentTitle={documentTitle}
      subtitle={subtitle}
      actions={
        <LinkButton href={variant.doneHref} icon={ArrowLeft} variant="outline">
          {variant.backLabel}
        </LinkButton>
      }
    />
  );
}
