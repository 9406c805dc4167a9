// What other areas may use of results (issue 30): a contest's final standings, read, frozen from
// its format, confirmed by its organiser (payout lines and certificates follow) or reopened.
export { readResults } from './read';
export { freezeResults } from './freeze';
export { confirmResults } from './confirm';
export { reopenResults } from './reopen';
export { freezeCompletedContests, resultsFreezeJob } from './job';
export { decideForfeit } from './forfeits';
