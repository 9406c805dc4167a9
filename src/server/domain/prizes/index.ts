// What other areas may use of prizes (issue 30): a contest's prize table, read and set.
export { readPrizes, setPrizes } from './prizeTable';
