// The Preview dialog (SPEC 2.6): the contest as members will see it, from what the form holds
// now, with Close Preview and the wizard's submit button.
import {
  Badge,
  Box,
  Button,
  DataList,
  Flex,
  Heading,
  Image,
  Link,
  Stack,
  Text,
  Wrap,
} from '@chakra-ui/react';
import { ImageOff } from 'lucide-react';
import { useState } from 'react';
import { TIER_LABELS, normalizeTier } from '../../../../shared/constants';
import {
  CATEGORY_LABELS,
  MODE_LABELS,
  PARTICIPATION_LABELS,
  SCORE_ORDER_LABELS,
  type ContestCategory,
  type ContestFormat,
  type ContestMode,
  type ParticipationType,
} from '../../../../shared/contests';
import { formatDateTime } from '../../../../shared/format';
import { formatChoiceLabel } from '../../../../shared/formatChoices';
import { ZEntryFee, ZExternalLink } from '../../../../shared/schemas/contests';
import { AppDialog } from '../../common/AppDialog';
import { Markdown } from '../../common/Markdown';
import type { WizardValues } from './formValues';
import { DataFact } from '../../common/DataFact';
import { previewText } from '../prizes/prizeTableValues';

interface Props {
  open: boolean;
  onClose: () => void;
  values: WizardValues;
  submitLabel: string;
  submitting: boolean;
  onSubmit: () => void;
}

/** 'Whole numbers, higher is better'; '2 decimals, lower is better'. */
export function scoringText(values: Pick<WizardValues, 'scoreDecimals' | 'scoreOrder'>): string {
  const decimals = Number(values.scoreDecimals) || 0;
  const order = SCORE_ORDER_LABELS[values.scoreOrder as keyof typeof SCORE_ORDER_LABELS];
  const precision =
    decimals === 0 ? 'Whole numbers' : `${decimals} ${decimals === 1 ? 'decimal' : 'decimals'}`;
  return `${precision}, ${(order ?? SCORE_ORDER_LABELS.higher).toLowerCase()}`;
}

/** The moment to the minute, in the viewer's zone, named (as the contest page shows it). */
function DateValue({ value }: { value: string }) {
  const date = value ? new Date(value) : null;
  if (!date || Number.isNaN(date.getTime())) return <Text color="fg.muted">Not set</Text>;
  return <Text>{formatDateTime(date)}</Text>;
}

function Cover({ src }: { src: string }) {
  const [broken, setBroken] = useState<string | null>(null);
  if (!src || broken === src) {
    return (
      <Flex h="32" bg="bg.muted" rounded="md" align="center" justify="center" color="fg.muted">
        <ImageOff size={40} aria-label="No cover image" role="img" />
      </Flex>
    );
  }
  return (
    <Image
      src={src}
      alt="Cover image"
      aspectRatio={16 / 9}
      objectFit="cover"
      rounded="md"
      w="full"
      onError={() => setBroken(src)}
    />
  );
}

export function ContestPreviewDialog({
  open,
  onClose,
  values,
  submitLabel,
  submitting,
  onSubmit,
}: Props) {
  const link = ZExternalLink.safeParse(values.externalLink);
  const fee = ZEntryFee.safeParse(values.entryFee);
  const paid = values.participationType === 'paid';
  const badges = [
    CATEGORY_LABELS[values.category as ContestCategory],
    MODE_LABELS[values.mode as ContestMode],
    formatChoiceLabel(values.format as ContestFormat, values.tournament),
    PARTICIPATION_LABELS[values.participationType as ParticipationType],
    `${TIER_LABELS[normalizeTier(values.requiredTier)]} tier`,
  ].filter(Boolean);

  return (
    <AppDialog
      open={open}
      onClose={onClose}
      title="Contest Preview"
      size="lg"
      footer={
        <Stack direction="row" gap="2" justify="flex-end" w="full" flexWrap="wrap">
          <Button variant="outline" onClick={onClose}>
            Close Preview
          </Button>
          <Button colorPalette="purple" loading={submitting} onClick={onSubmit}>
            {submitLabel}
          </Button>
        </Stack>
      }
    >
      <Stack gap="5">
        <Cover src={values.coverImage} />
        <Stack gap="2">
          <Heading as="h3" size="xl">
            {values.title.trim() || 'Untitled Contest'}
          </Heading>
          <Wrap gap="2">
            {badges.map((badge, i) => (
              <Badge key={badge} colorPalette={i === 0 ? 'purple' : 'gray'} variant="subtle">
                {badge}
              </Badge>
            ))}
          </Wrap>
          {values.shortDescription.trim() ? (
            <Text color="fg.muted">{values.shortDescription}</Text>
          ) : null}
        </Stack>
        <DataList.Root orientation="horizontal" size="sm" gap="3">
          <DataFact label="Registration Deadline">
            <DateValue value={values.registrationDeadline} />
          </DataFact>
          <DataFact label="Start Date">
            <DateValue value={values.startDate} />
          </DataFact>
          <DataFact label="End Date">
            <DateValue value={values.endDate} />
          </DataFact>
          <DataFact label="Prize">{values.prize.trim() || 'None'}</DataFact>
          {values.prizeTable ? (
            <DataFact label="Prizes by place">
              {previewText(values.prizeTable) || 'Not complete yet'}
            </DataFact>
          ) : null}
          <DataFact label="Max Participants">{values.maxParticipants || 'Not set'}</DataFact>
          <DataFact label="Scoring">{scoringText(values)}</DataFact>
          {paid ? (
            <DataFact label="Entry Fee">
              {fee.success && fee.data ? `$${fee.data} USD` : 'Not set'}
            </DataFact>
          ) : null}
          {link.success && link.data ? (
            <DataFact label="External Link">
              <Link
                href={link.data}
                target="_blank"
                rel="noopener noreferrer nofollow"
                color="purple.fg"
                textDecoration="underline"
                overflowWrap="anywhere"
              >
                {link.data}
              </Link>
            </DataFact>
          ) : null}
        </DataList.Root>
        <Box>
          <Heading as="h4" size="md" mb="2">
            Description
          </Heading>
          {values.description.trim() ? (
            <Markdown>{values.description}</Markdown>
          ) : (
            <Text color="fg.muted">No description yet.</Text>
          )}
        </Box>
      </Stack>
    </AppDialog>
  );
}
