// The formats by name (issue 29 point 10): each choice of the Format chooser is stored as SPEC's
// `format` plus the settings that make it that, and a stored contest reads back as the same
// choice (the edit dialog, the preview and the contest page show it by that name).
import { describe, expect, it } from 'vitest';
import {
  FORMAT_CHOICES,
  FORMAT_CHOICE_LABELS,
  formatChoiceLabel,
  formatChoiceOf,
  formatOfChoice,
} from '../../src/shared/formatChoices';
import { CONTEST_FORMATS } from '../../src/shared/contests';
import { ZTournamentSettingsInput } from '../../src/shared/schemas/tournaments';
import { EMPTY_VALUES, draftPayload } from '../../src/client/components/contests/wizard/formValues';

describe('the format choices', () => {
  it('store each choice as a SPEC format with its settings', () => {
    expect(FORMAT_CHOICES.map((choice) => formatOfChoice(choice))).toEqual([
      { format: 'knockout', settings: { elimination: 'single' } },
      { format: 'knockout', settings: { elimination: 'double' } },
      { format: 'tournament', settings: { system: 'groups' } },
      { format: 'tournament', settings: { system: 'swiss' } },
      { format: 'league', settings: {} },
      { format: 'open', settings: {} },
      { format: 'submission', settings: {} },
    ]);
    for (const choice of FORMAT_CHOICES) {
      const { format, settings } = formatOfChoice(choice);
      expect(CONTEST_FORMATS).toContain(format);
      expect(ZTournamentSettingsInput.safeParse(settings).success, choice).toBe(true);
    }
  });

  it('read a stored format and its settings back as the same choice', () => {
    for (const choice of FORMAT_CHOICES) {
      const { format, settings } = formatOfChoice(choice);
      expect(formatChoiceOf(format, settings)).toBe(choice);
    }
    // A contest stored without settings reads the defaults: single elimination, groups.
    expect(formatChoiceOf('knockout', null)).toBe('knockout');
    expect(formatChoiceOf('tournament', {})).toBe('groups_knockout');
    expect(formatChoiceOf('', null)).toBeNull();
    expect(formatChoiceLabel('tournament', { system: 'swiss' })).toBe('Swiss');
    expect(formatChoiceLabel('knockout', { elimination: 'double' })).toBe('Double elimination');
    expect(Object.values(FORMAT_CHOICE_LABELS)).not.toContain('Tournament');
  });

  it('send what makes the choice with the wizard draft', () => {
    const swiss = formatOfChoice('swiss');
    const { payload } = draftPayload({
      ...EMPTY_VALUES,
      format: swiss.format,
      mode: 'individual',
      tournament: { ...EMPTY_VALUES.tournament, ...swiss.settings },
    });
    expect(payload.format).toBe('tournament');
    expect(payload.tournament).toMatchObject({ system: 'swiss', swissRounds: 5 });
  });
});
