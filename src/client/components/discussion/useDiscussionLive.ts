// The discussion's live news for the client (issue 32): a topic's page and a contest's topic list
// hear each change as it commits (the live slice fills these in: one stream per open topic page,
// coalesced like the leaderboards). Until then they hear nothing and the pages read on focus.

/** Calls `onChange` after a change of the topic (a reply, an edit, a deletion, a moderation). */
export function useTopicLive(_topicId: number, _onChange: () => void): void {}

/** Calls `onChange` after a change of the contest's topic list (a new topic, a new reply). */
export function useTopicListLive(_contestId: number, _onChange: () => void): void {}
