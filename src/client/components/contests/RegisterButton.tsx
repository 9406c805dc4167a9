// 'Register Now' (SPEC 2.7). Joining is issue 8's: until then the button only says what SPEC's
// sample did, with no call. The one place to replace when joining arrives.
import { Button } from '@chakra-ui/react';
import type { TContest } from '../../../shared/schemas/contests';
import { toastSuccess } from '../../lib/toaster';
import { isRegistrationOpen } from './contestDisplay';

export function RegisterButton({ contest }: { contest: TContest }) {
  const open = isRegistrationOpen(contest);
  return (
    <Button
      colorPalette="purple"
      size="lg"
      disabled={!open}
      onClick={() => toastSuccess('Registration Successful')}
    >
      {open ? 'Register Now' : 'Registration Closed'}
    </Button>
  );
}
