// A strength hint under a new-password field: a 4-segment meter, a label and zxcvbn's advice.
// Advice only, it never blocks a submit: the server decides what it accepts. zxcvbn and its word
// lists load on the first keystroke, in a chunk of their own (see lib/passwordStrength.ts).
import { Box, HStack, Stack, Text } from '@chakra-ui/react';
import { useDeferredValue, useEffect, useMemo, useState } from 'react';
import type { estimatePasswordStrength } from '../../lib/passwordStrength';

type Estimator = typeof estimatePasswordStrength;

let loading: Promise<Estimator> | undefined;
function loadEstimator(): Promise<Estimator> {
  loading ??= import('../../lib/passwordStrength').then(
    (m) => m.estimatePasswordStrength,
    (error: unknown) => {
      loading = undefined; // offline for a moment: the next keystroke tries again
      throw error;
    },
  );
  return loading;
}

// The palettes' `fg` tokens (700/800 shades in light mode, 300 in dark) pass WCAG AA as text on
// the page and card backgrounds of both themes; the plain `fg.error` etc. (500/600) do not.
const LEVELS = [
  { label: 'Very weak', color: 'red.fg' },
  { label: 'Weak', color: 'orange.fg' },
  { label: 'Fair', color: 'yellow.fg' },
  { label: 'Good', color: 'green.fg' },
  { label: 'Strong', color: 'green.fg' },
] as const;
const SEGMENTS = 4;

interface Props {
  password: string;
  /** The person's own details (username, email): a password built from them is weak. */
  userInputs?: ReadonlyArray<string | null | undefined>;
}

export function PasswordStrength({ password, userInputs = [] }: Props) {
  const [estimator, setEstimator] = useState<{ estimate: Estimator }>();
  // Typing stays smooth: the estimate (a few ms) follows the keystrokes rather than blocking them.
  const deferred = useDeferredValue(password);
  const inputsKey = userInputs
    .flatMap((v) => {
      const value = v?.trim();
      if (!value) return [];
      // The e-mail's local part is as guessable as the whole address.
      return value.includes('@') ? [value, value.split('@')[0]!] : [value];
    })
    .join('\n');

  const wanted = password.length > 0;
  useEffect(() => {
    if (!wanted || estimator) return;
    let live = true;
    loadEstimator().then(
      (estimate) => live && setEstimator({ estimate }),
      () => undefined, // no hint without the module; the form works the same
    );
    return () => {
      live = false;
    };
  }, [wanted, estimator]);

  const result = useMemo(
    () =>
      estimator && deferred
        ? estimator.estimate(deferred, inputsKey ? inputsKey.split('\n') : [])
        : undefined,
    [estimator, deferred, inputsKey],
  );

  const level = result ? LEVELS[result.score] : undefined;
  const filled = result ? Math.max(1, result.score) : 0;
  const advice = result && result.score <= 2 ? result.advice : undefined;

  return (
    <Stack gap="1.5">
      {level ? (
        <HStack gap="1" aria-hidden>
          {Array.from({ length: SEGMENTS }, (_, i) => (
            <Box
              key={i}
              flex="1"
              h="1.5"
              rounded="full"
              bg={i < filled ? level.color : 'bg.emphasized'}
            />
          ))}
        </HStack>
      ) : null}
      {/* Always mounted, so screen readers announce each change of its text. */}
      <Text role="status" aria-live="polite" fontSize="sm">
        {level ? (
          <>
            <Text as="span" color={level.color} fontWeight="medium">
              Password strength: {level.label}
            </Text>
            {advice ? (
              <Text as="span" color="fg.muted">
                {' '}
                {advice}
              </Text>
            ) : null}
          </>
        ) : null}
      </Text>
    </Stack>
  );
}
