// A certificate as its page shows and prints it (issue 30): the site's name, 'Certificate of
// achievement', the member (and team), the place in words, the contest (linked while it exists),
// the date and the code, and that this site verified it; or, once the results were reopened, a
// clear 'Withdrawn' notice instead of the verification.
import { Box, Heading, Link as ChakraLink, Stack, Text, Theme } from '@chakra-ui/react';
import { Award } from 'lucide-react';
import { Link } from 'wouter';
import { formatDate } from '../../../shared/format';
import type { TCertificate } from '../../../shared/schemas/certificates';
import { placeInWords } from '../results/resultsDisplay';

function ContestName({ certificate }: { certificate: TCertificate }) {
  if (!certificate.contestSlug) return <>{certificate.contestTitle}</>;
  return (
    <ChakraLink asChild color="purple.fg" variant="underline">
      <Link href={`/contests/${certificate.contestSlug}`}>{certificate.contestTitle}</Link>
    </ChakraLink>
  );
}

export function CertificateCard({ certificate }: { certificate: TCertificate }) {
  const withdrawn = certificate.withdrawnAt !== null;
  // Paper in either theme: it looks on screen as it prints (dark text on white).
  return (
    <Theme appearance="light" rounded="lg">
      <Box
        as="article"
        aria-labelledby="certificate-heading"
        borderWidth="4px"
        borderStyle="double"
        borderColor="purple.muted"
        rounded="lg"
        px={{ base: '6', md: '12' }}
        py={{ base: '8', md: '14' }}
        textAlign="center"
        bg="bg"
        _print={{ borderColor: 'gray.400', breakInside: 'avoid' }}
      >
        <Stack gap="5" align="center">
          <Text
            fontWeight="semibold"
            letterSpacing="wide"
            color="fg.muted"
            textTransform="uppercase"
          >
            {certificate.siteName}
          </Text>
          <Box color="purple.fg">
            <Award size={48} aria-hidden />
          </Box>
          <Heading as="h1" id="certificate-heading" size="3xl">
            Certificate of achievement
          </Heading>
          <Text>This certifies that</Text>
          <Stack gap="1">
            <Text fontSize="2xl" fontWeight="bold">
              {certificate.name}
            </Text>
            {certificate.teamName ? (
              <Text color="fg.muted">of the team {certificate.teamName}</Text>
            ) : null}
          </Stack>
          <Text>finished in</Text>
          <Text fontSize="xl" fontWeight="semibold">
            {placeInWords(certificate.place, certificate.placeText)}
          </Text>
          <Text>
            in <ContestName certificate={certificate} />
          </Text>
          <Text color="fg.muted">{formatDate(certificate.issuedAt)}</Text>
          {withdrawn ? (
            <Box
              role="alert"
              borderWidth="1px"
              borderColor="red.muted"
              bg="red.subtle"
              p="3"
              rounded="md"
            >
              <Text fontWeight="bold" color="red.fg">
                Withdrawn
              </Text>
              <Text fontSize="sm">
                The contest's results were reopened on {formatDate(certificate.withdrawnAt)}: this
                certificate no longer stands.
              </Text>
            </Box>
          ) : (
            <Text fontSize="sm" color="fg.muted">
              Verified by {certificate.siteName}: this certificate is recorded under its code.
            </Text>
          )}
          <Text fontSize="sm" fontFamily="mono">
            Code: {certificate.code}
          </Text>
        </Stack>
      </Box>
    </Theme>
  );
}
