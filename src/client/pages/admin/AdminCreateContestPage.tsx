// /admin/contests/create (SPEC 2.18): the admin wizard, for admins and moderators; the same
// component as the member's, with the admin options (variants.ts).
import type { TUser } from '../../../shared/schemas/auth';
import { ContestWizard } from '../../components/contests/wizard/ContestWizard';
import { ADMIN_WIZARD } from '../../components/contests/wizard/variants';
import { WizardPageHeader } from '../../components/contests/wizard/WizardPageHeader';

const START = { values: ADMIN_WIZARD.initialValues, step: 0, draftId: null };

export function AdminCreateContestPage({ user }: { user: TUser }) {
  return (
    <>
      <WizardPageHeader
        variant={ADMIN_WIZARD}
        subtitle="Add a contest to the platform."
        documentTitle="Create Contest (Admin)"
      />
      <ContestWizard variant={ADMIN_WIZARD} start={START} userId={user.id} />
    </>
  );
}
