// The private board's 'shake-up': how far an entrant moved from their public rank ('▲ 3' up
// three places, '▼ 1' down one, '–' unmoved or not on the public board), and its words for
// screen readers.

export function shakeUpText(publicRank: number | null, rank: number): string {
  if (publicRank === null || publicRank === rank) return '–';
  return publicRank > rank ? `▲ ${publicRank - rank}` : `▼ ${rank - publicRank}`;
}

export function shakeUpLabel(publicRank: number | null, rank: number): string {
  if (publicRank === null) return 'not on the public board';
  if (publicRank === rank) return 'unmoved';
  const n = Math.abs(publicRank - rank);
  return `${publicRank > rank ? 'up' : 'down'} ${n} place${n === 1 ? '' : 's'} from public rank ${publicRank}`;
}
