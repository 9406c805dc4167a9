// The bracket: each stage, each of its groups (upper and lower bracket, grand final, a group, the
// Swiss rounds), each round a labelled list of match cards. On a wide screen the rounds stand
// side by side as columns and only the bracket's own region scrolls sideways (it takes the focus,
// so a keyboard scrolls it too); on a phone they stack, one round after another, and nothing
// scrolls sideways at all.
import { Box, Flex, Heading, Stack, Text, useBreakpointValue } from '@chakra-ui/react';
import type { z } from 'zod';
import type { TBracket, ZBracketGroup, ZBracketRound } from '../../../shared/schemas/tournaments';
import { MatchCard } from './MatchCard';

type Group = z.infer<typeof ZBracketGroup>;
type Round = z.infer<typeof ZBracketRound>;
type Level = 3 | 4 | 5 | 6;
const HEADING: Record<Level, 'h3' | 'h4' | 'h5' | 'h6'> = { 3: 'h3', 4: 'h4', 5: 'h5', 6: 'h6' };

function RoundColumn({
  round,
  groupName,
  level,
  idBase,
  myIds,
}: {
  round: Round;
  groupName: string;
  level: Level;
  idBase: string;
  myIds?: ReadonlySet<number>;
}) {
  const headingId = `${idBase}-round-${round.number}`;
  return (
    <Stack
      as="section"
      aria-labelledby={headingId}
      gap="2"
      w={{ base: 'full', md: '15rem' }}
      minW="0"
      flexShrink={0}
    >
      <Heading as={HEADING[level]} size="xs" id={headingId} color="fg.muted">
        {round.name}
      </Heading>
      <Flex
        as="ol"
        aria-label={`${groupName}, ${round.name}`}
        direction="column"
        justify={{ base: 'flex-start', md: 'space-around' }}
        flex="1"
        gap="3"
        listStyleType="none"
        m="0"
        p="0"
      >
        {round.matches.map((match) => (
          <Box as="li" key={match.id}>
            <MatchCard match={match} myIds={myIds} />
          </Box>
        ))}
      </Flex>
    </Stack>
  );
}

function GroupRounds({
  group,
  level,
  idBase,
  myIds,
  alone,
}: {
  group: Group;
  level: Level;
  idBase: string;
  myIds?: ReadonlySet<number>;
  /** The bracket's only group: the section's own heading names it already. */
  alone: boolean;
}) {
  const headingId = `${idBase}-heading`;
  // A group that is one round of its own name (a third-place match, a grand final) is named once,
  // by the round: two regions of one name would say nothing more (axe: landmark-unique).
  const [only] = group.rounds;
  const bare = alone || (group.rounds.length === 1 && only?.name === group.name);
  const roundLevel = (bare ? level : Math.min(level + 1, 6)) as Level;
  // Only the wide layout scrolls, so only it is a focusable region.
  const wide = useBreakpointValue({ base: false, md: true }, { ssr: false }) ?? true;
  return (
    <Stack as={bare ? 'div' : 'section'} aria-labelledby={bare ? undefined : headingId} gap="2">
      {bare ? null : (
        <Heading as={HEADING[level]} size="sm" id={headingId}>
          {group.name}
        </Heading>
      )}
      {group.rounds.length === 0 ? (
        <Text color="fg.muted">No matches yet.</Text>
      ) : (
        <Box
          role={wide ? 'region' : undefined}
          aria-label={wide ? `${group.name}: rounds` : undefined}
          // Focusable so a keyboard can scroll it (axe: scrollable-region-focusable).
          tabIndex={wide ? 0 : undefined}
          overflowX={wide ? 'auto' : 'visible'}
          // The containing block of the cards' visually hidden sentences: else they escape the
          // scrolling and widen the page.
          position="relative"
          pb="2"
          rounded="md"
          _focusVisible={{ outline: '2px solid', outlineColor: 'purple.fg', outlineOffset: '2px' }}
        >
          <Flex direction={wide ? 'row' : 'column'} align="stretch" gap={wide ? 6 : 5}>
            {group.rounds.map((round) => (
              <RoundColumn
                key={round.number}
                round={round}
                groupName={group.name}
                level={roundLevel}
                idBase={idBase}
                myIds={myIds}
              />
            ))}
          </Flex>
        </Box>
      )}
    </Stack>
  );
}

/** The stages of a generated bracket; `level` is the heading level of its top headings. */
export function BracketView({
  bracket,
  level = 3,
  myIds,
}: {
  bracket: TBracket;
  level?: Level;
  /** The caller's participant ids: their side is set in bold. */
  myIds?: ReadonlySet<number>;
}) {
  const named = bracket.stages.length > 1;
  const groupLevel = (named ? Math.min(level + 1, 6) : level) as Level;
  return (
    <Stack gap="8" minW="0">
      {bracket.stages.map((stage) => {
        const groups = (
          <Stack gap="6">
            {stage.groups.map((group) => (
              <GroupRounds
                key={`${group.part}-${group.number}`}
                group={group}
                level={groupLevel}
                idBase={`bracket-${stage.number}-${group.part}-${group.number}`}
                myIds={myIds}
                alone={!named && stage.groups.length === 1}
              />
            ))}
          </Stack>
        );
        if (!named) return <Box key={stage.number}>{groups}</Box>;
        const headingId = `bracket-stage-${stage.number}`;
        return (
          <Stack as="section" aria-labelledby={headingId} key={stage.number} gap="3">
            <Heading as={HEADING[level]} size="md" id={headingId}>
              {stage.name}
            </Heading>
            {groups}
          </Stack>
        );
      })}
    </Stack>
  );
}
