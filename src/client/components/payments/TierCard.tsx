// One paid tier on the plan chooser: what it opens, and either the member's own tier (a badge),
// the plans it is sold in (PlanLinks), or 'Not available yet' when no plan has a price.
import { Badge, Card, Heading, Text } from '@chakra-ui/react';
import { TIER_LABELS, tierRank } from '../../../shared/constants';
import type { TTierChoice } from '../../../shared/schemas/payments';
import type { TPlans } from '../../../shared/schemas/subscriptions';
import { PlanLinks } from './PlanLinks';
import { TIER_PERKS, contestsUnlocked } from './tierInfo';

type TierOffer = TTierChoice['tiers'][number];

interface Props {
  offer: TierOffer;
  choice: TTierChoice;
  /** This tier's plans on offer, shortest first. */
  plans: TPlans;
}

export function TierCard({ offer, choice, plans }: Props) {
  const owned = tierRank(offer.tier) <= tierRank(choice.currentTier);
  const counts = Object.fromEntries(choice.tiers.map((t) => [t.tier, t.openContests]));
  const opens = contestsUnlocked(counts, choice.currentTier, offer.tier);
  let action;
  if (owned) {
    action = (
      <Badge colorPalette="green" variant="subtle" alignSelf="flex-start">
        {offer.tier === choice.currentTier ? 'Your tier' : 'Included in your tier'}
      </Badge>
    );
  } else if (plans.length === 0) {
    action = <Text color="fg.muted">Not available yet</Text>;
  } else {
    action = <PlanLinks tier={offer.tier} plans={plans} />;
  }
  return (
    <Card.Root as="li" borderColor={offer.tier === choice.currentTier ? 'purple.solid' : undefined}>
      <Card.Header>
        <Heading as="h2" size="lg">
          {TIER_LABELS[offer.tier]}
        </Heading>
      </Card.Header>
      <Card.Body gap="3">
        <Text>{TIER_PERKS[offer.tier]}</Text>
        {!owned ? (
          <Text color="fg.muted" fontSize="sm">
            {opens === 1 ? '1 open contest needs it now.' : `${opens} open contests need it now.`}
          </Text>
        ) : null}
      </Card.Body>
      <Card.Footer flexDirection="column" alignItems="stretch">
        {action}
      </Card.Footer>
    </Card.Root>
  );
}
