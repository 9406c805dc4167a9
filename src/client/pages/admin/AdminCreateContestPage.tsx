// /admin/contests/create (SPEC 2.18): the admin wizard, for admins and moderators; the same
// component as the member's, with the admin options (variants.ts).
import { ArrowLeft } from 'lucide-react';
import type { TUser } from '../../../shared/schemas/auth';
import { ContestWizard } from '../../components/contests/wizard/ContestWizard';
import { ADMIN_WIZARD } from '../../components/contests/wizard/variants';
import { PageHeader } from '../../components/layout/PageHeader';
import { LinkButton } from '../../components/common/LinkButton';

const START = { values: ADMIN_WIZARD.initialValues, step: 0, draftId: null };

export function AdminCreateContestPage({ user }: { user: TUser }) {
  return (
    <>
      <PageHeader
        title="Create Contest"
        documentTitle="Create Contest (Admin)"
        subtitle="Add a contest to the platform."
        actions={
          <LinkButton href={ADMIN_WIZARD.doneHref} icon={ArrowLeft} variant="outline">
            {ADMIN_WIZARD.backLabel}
          </LinkButton>
        }
      />
      <ContestWizard variant={ADMIN_WIZARD} start={START} userId={user.id} />
    </>
  );
}
