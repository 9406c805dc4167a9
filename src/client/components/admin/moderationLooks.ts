// A moderator's two answers wherever they are asked (a pending contest, a payment proof): yes in
// green with a check, 'Reject' in red with a cross.
import { Check, X } from 'lucide-react';

export function moderationAnswers<Accept extends string>(action: Accept, label: string) {
  return [
    { action, label, colorPalette: 'green', Icon: Check },
    { action: 'reject', label: 'Reject', colorPalette: 'red', Icon: X },
  ] as const;
}
