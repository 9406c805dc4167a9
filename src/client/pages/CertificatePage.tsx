// /certificates/:code (issue 30): a placed member's certificate, open to everyone, signed in or
// not, so anyone holding the address can verify it. Outside the app's layout, so it prints as
// the certificate alone ('Print' hides its own buttons too); 'Download PDF' gets the same facts
// as a file. A malformed or unknown code is a not-found notice, not a failure.
import { Button, Center, Container, HStack, Spinner, Text } from '@chakra-ui/react';
import { Download, Printer } from 'lucide-react';
import { useParams } from 'wouter';
import { ZCertificateRef } from '../../shared/schemas/certificates';
import { CertificateCard } from '../components/certificates/CertificateCard';
import { NotFoundNotice } from '../components/common/NotFoundNotice';
import { ThemeToggle } from '../components/common/ThemeToggle';
import { BarePage } from '../components/layout/BarePage';
import { trpc } from '../lib/trpc';

function Toolbar({ code }: { code: string }) {
  return (
    <HStack justify="flex-end" gap="2" py="3" wrap="wrap" _print={{ display: 'none' }}>
      <Button size="sm" variant="outline" onClick={() => window.print()}>
        <Printer size={16} aria-hidden /> Print
      </Button>
      <Button asChild size="sm" colorPalette="purple">
        <a href={`/api/certificates/${encodeURIComponent(code)}/pdf`} download>
          <Download size={16} aria-hidden /> Download PDF
        </a>
      </Button>
      <ThemeToggle />
    </HStack>
  );
}

export function CertificatePage() {
  const { code = '' } = useParams<{ code: string }>();
  // A code that cannot be one is not sent: its page is the not-found notice at once.
  const ref = ZCertificateRef.safeParse({ code });
  const query = trpc.certificates.get.useQuery(ref.success ? ref.data : { code }, {
    enabled: ref.success,
  });
  const certificate = query.data;
  return (
    <BarePage title={certificate ? 'Certificate of achievement' : 'Certificate'}>
      <Container maxW="3xl" pb="12">
        {!ref.success ||
        query.error?.data?.code === 'NOT_FOUND' ||
        query.error?.data?.code === 'BAD_REQUEST' ? (
          <NotFoundNotice
            title="Certificate Not Found"
            message="No certificate has this code. Check the address you were given."
          />
        ) : certificate ? (
          <>
            <Toolbar code={certificate.code} />
            <CertificateCard certificate={certificate} />
          </>
        ) : query.isError ? (
          <Center py="16">
            <Text color="fg.muted">The certificate could not be loaded. Try again later.</Text>
          </Center>
        ) : (
          <Center py="16">
            <Spinner size="lg" aria-label="Loading certificate" />
          </Center>
        )}
      </Container>
    </BarePage>
  );
}
