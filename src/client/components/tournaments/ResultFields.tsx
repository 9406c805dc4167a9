// The fields of a match's result (report, dispute, decide): one side's forfeit where it may be
// chosen, else both scores, or in a best-of-N match each game's scores (games not played left
// empty; the match's score is the games won, shown as they are typed).
import { Field, SimpleGrid, Stack, Text } from '@chakra-ui/react';
import { useFormikContext } from 'formik';
import { gamesToWin, scoresFromGames } from '../../../shared/bestOf';
import type { TMatch } from '../../../shared/schemas/tournaments';
import { FormField } from '../common/FormField';
import { ChoiceField } from './ChoiceField';
import type { ResultValues } from './resultForm';
import { slotName } from './tournamentDisplay';

const SIDES = [0, 1] as const;

/** An error on the games or scores as a whole (a best-of-N rule), once the form was sent. */
function WholeError({ name }: { name: 'games' | 'scores' }) {
  const { errors, submitCount } = useFormikContext<ResultValues>();
  const error = errors[name];
  if (submitCount === 0 || typeof error !== 'string') return null;
  return (
    <Field.Root invalid>
      <Field.ErrorText color="red.fg">{error}</Field.ErrorText>
    </Field.Root>
  );
}

function GameFields({ match }: { match: TMatch }) {
  const { values } = useFormikContext<ResultValues>();
  const [a, b] = match.participants.map(slotName) as [string, string];
  const played = values.games
    .filter(([x, y]) => x !== '' && y !== '')
    .map(([x, y]) => [Number(x), Number(y)] as [number, number]);
  const [wonA, wonB] = scoresFromGames(played);
  return (
    <Stack gap="3">
      <Text fontSize="sm" color="fg.muted">
        Best of {match.bestOf}: the first to {gamesToWin(match.bestOf)} games wins. Leave the games
        not played empty.
      </Text>
      {values.games.map((_, i) => (
        <SimpleGrid key={i} columns={{ base: 1, sm: 2 }} gap="3">
          {SIDES.map((side) => (
            <FormField
              key={side}
              name={`games.${i}.${side}`}
              label={`Game ${i + 1}: ${side === 0 ? a : b}`}
              type="number"
              inputMode="numeric"
              min={0}
            />
          ))}
        </SimpleGrid>
      ))}
      <Text aria-live="polite">
        Match score: {a} {wonA} – {wonB} {b}
      </Text>
      <WholeError name="games" />
    </Stack>
  );
}

export function ResultFields({ match, forfeits = true }: { match: TMatch; forfeits?: boolean }) {
  const { values } = useFormikContext<ResultValues>();
  return (
    <Stack gap="4">
      {forfeits ? (
        <ChoiceField
          name="outcome"
          label="Result"
          options={[
            { value: 'scores', label: match.bestOf > 1 ? 'Game scores' : 'Scores' },
            { value: 'forfeit0', label: `${slotName(match.participants[0])} forfeits` },
            { value: 'forfeit1', label: `${slotName(match.participants[1])} forfeits` },
          ]}
        />
      ) : null}
      {values.outcome !== 'scores' ? null : match.bestOf > 1 ? (
        <GameFields match={match} />
      ) : (
        <Stack gap="2">
          <Stack direction={{ base: 'column', sm: 'row' }} gap="3">
            {SIDES.map((side) => (
              <FormField
                key={side}
                name={`scores.${side}`}
                label={`Score of ${slotName(match.participants[side])}`}
                type="number"
                inputMode="numeric"
                min={0}
                required
              />
            ))}
          </Stack>
          <WholeError name="scores" />
        </Stack>
      )}
    </Stack>
  );
}
