// The contest page's query parameter that opens its trading rules dialog (the wizards send the
// organiser there when the rules could not be saved after the contest was created).
export const RULES_PARAM = 'rules';
