// What /payment says while no network has a wallet address: nothing can be paid, and whom to ask.
import { Alert, Link } from '@chakra-ui/react';
import { trpc } from '../../lib/trpc';

export function PaymentsNotSetUp() {
  const settings = trpc.settings.public.useQuery(undefined, { staleTime: Infinity });
  const siteName = settings.data?.siteName ?? 'the platform';
  const email = settings.data?.contactEmail;
  return (
    <Alert.Root status="info">
      <Alert.Indicator />
      <Alert.Content>
        <Alert.Title>Payments are not set up yet</Alert.Title>
        <Alert.Description>
          No wallet address has been configured, so nothing can be paid here for now. Contact{' '}
          {siteName}
          {email ? (
            <>
              {' '}
              at{' '}
              <Link href={`mailto:${email}`} variant="underline" color="fg">
                {email}
              </Link>
            </>
          ) : null}{' '}
          to pay or to ask when payments open.
        </Alert.Description>
      </Alert.Content>
    </Alert.Root>
  );
}
