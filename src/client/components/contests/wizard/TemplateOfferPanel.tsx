// The inline offer of a category's rules template, under the Category field: it stays until it
// is taken or dismissed, and never covers the wizard's buttons.
import { Alert, Button, HStack } from '@chakra-ui/react';
import { FileText } from 'lucide-react';
import type { TemplateOffer } from './useTemplateOffer';

export function TemplateOfferPanel({ offer }: { offer: TemplateOffer }) {
  if (!offer.offered) return null;
  const title = `${offer.offered.label} rules template`;
  return (
    <Alert.Root status="info" variant="subtle" aria-label={title} role="region">
      <Alert.Indicator>
        <FileText aria-hidden />
      </Alert.Indicator>
      <Alert.Content gap="2">
        <Alert.Title>{title}</Alert.Title>
        <Alert.Description>
          Start the detailed description from a ready-made rules template
          {offer.replaces ? ' (it replaces what the description holds now)' : ''}?
        </Alert.Description>
        <HStack gap="2" wrap="wrap">
          <Button size="sm" colorPalette="purple" onClick={offer.accept}>
            Use Template
          </Button>
          <Button size="sm" variant="ghost" onClick={offer.dismiss}>
            No thanks
          </Button>
        </HStack>
      </Alert.Content>
    </Alert.Root>
  );
}
