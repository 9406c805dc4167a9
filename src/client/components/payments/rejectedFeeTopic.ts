// The new topic a rejected entry-fee proof's 'Discuss this' opens, prefilled with the reviewer's
// reason: the same words from the join panel, a team's panel and /payment.

export function rejectedFeeTopic(
  reason: string | null,
  teamName?: string,
): { title: string; body: string } {
  const said = reason ? `:\n\n> ${reason.replace(/\n/g, '\n> ')}` : '.';
  return teamName
    ? {
        title: 'Our team entry fee payment was rejected',
        body: `The payment proof for the entry fee of the team ${teamName} was rejected${said}\n\n`,
      }
    : {
        title: 'My entry fee payment was rejected',
        body: `My payment proof for the entry fee was rejected${said}\n\n`,
      };
}
