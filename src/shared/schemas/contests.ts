// Contests' schemas, one file per part: fields and their rules, dates, the form (wizard steps,
// edit dialog), the requests and the answers. This module is their one door, so importers name
// only 'schemas/contests'.
export * from './contestFields';
export * from './contestDates';
export * from './contestForm';
export * from './contestRequests';
export * from './contestResponses';
