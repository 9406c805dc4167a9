// The formats an organiser chooses by name (issue 29 point 10: Swiss used to hide under
// 'Tournament'). SPEC's stored `format` stays one of knockout, league, tournament, open (and issue 31's submission); a choice
// is that value plus the tournament settings that make it what it is (single or double
// elimination; groups or Swiss). The wizards, the edit dialog, the preview and the contest page
// all read and write a format through these two functions, so the names agree everywhere.
import type { ContestFormat } from './contests';
import type { EliminationType, TournamentSystem } from './tournaments';

export const FORMAT_CHOICES = [
  'knockout',
  'double_elimination',
  'groups_knockout',
  'swiss',
  'league',
  'open',
  'submission',
] as const;
export type FormatChoice = (typeof FORMAT_CHOICES)[number];

export const FORMAT_CHOICE_LABELS: Record<FormatChoice, string> = {
  knockout: 'Knockout (single elimination)',
  double_elimination: 'Double elimination',
  groups_knockout: 'Groups then knockout',
  swiss: 'Swiss',
  league: 'League',
  open: 'Open',
  submission: 'Submission (scored against an answer key)',
};

/** The settings a choice decides; the others keep their values. */
export interface FormatChoiceSettings {
  elimination?: EliminationType;
  system?: TournamentSystem;
}

const STORED: Record<FormatChoice, { format: ContestFormat; settings: FormatChoiceSettings }> = {
  knockout: { format: 'knockout', settings: { elimination: 'single' } },
  double_elimination: { format: 'knockout', settings: { elimination: 'double' } },
  groups_knockout: { format: 'tournament', settings: { system: 'groups' } },
  swiss: { format: 'tournament', settings: { system: 'swiss' } },
  league: { format: 'league', settings: {} },
  open: { format: 'open', settings: {} },
  submission: { format: 'submission', settings: {} },
};

/** What a choice stores: SPEC's format and the settings that make it that. */
export function formatOfChoice(choice: FormatChoice): {
  format: ContestFormat;
  settings: FormatChoiceSettings;
} {
  const stored = STORED[choice];
  return { format: stored.format, settings: { ...stored.settings } };
}

export function isFormatChoice(value: string): value is FormatChoice {
  return (FORMAT_CHOICES as readonly string[]).includes(value);
}

/**
 * The choice a stored format and its settings are (a contest without settings reads the
 * defaults: single elimination, groups); null for a value that is no format (an empty form).
 */
export function formatChoiceOf(
  format: string,
  settings: { elimination?: string; system?: string } | null | undefined,
): FormatChoice | null {
  switch (format) {
    case 'knockout':
      return settings?.elimination === 'double' ? 'double_elimination' : 'knockout';
    case 'tournament':
      return settings?.system === 'swiss' ? 'swiss' : 'groups_knockout';
    case 'league':
    case 'open':
    case 'submission':
      return format;
    default:
      return null;
  }
}

/** A stored format's name as the organiser chose it ('Swiss', 'Double elimination'). */
export function formatChoiceLabel(
  format: ContestFormat,
  settings: { elimination?: string; system?: string } | null | undefined,
): string {
  const choice = formatChoiceOf(format, settings);
  return choice ? FORMAT_CHOICE_LABELS[choice] : format;
}
