// The role and subscription of a member, as Add User and Update User ask them: an admin has no
// tier (SPEC 4), so the subscription is asked only for the other roles.
import { CREATABLE_ROLES } from '../../../../shared/schemas/adminUsers';
import { SelectField } from '../../common/SelectField';
import { ROLE_LABELS, TIER_OPTIONS } from './labels';

// Banning has its own action with a reason (BanUserDialog), so it is not a role to pick here.
const ROLE_OPTIONS = CREATABLE_ROLES.map((r) => ({ value: r, label: ROLE_LABELS[r] }));

/** The two selects, inside a form whose values hold `role` and `subscriptionTier`. */
export function RoleTierFields({ role }: { role: string }) {
  return (
    <>
      <SelectField name="role" label="Role" options={ROLE_OPTIONS} />
      {role !== 'admin' ? (
        <SelectField name="subscriptionTier" label="Subscription" options={TIER_OPTIONS} />
      ) : null}
    </>
  );
}
