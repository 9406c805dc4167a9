// A reported discussion post for the browser tests of the Reports queue, made through the REST
// API the way members make one: the organiser opens the discussion, a participant asks, a
// spammer replies, `reporters` members report the reply (three hide it at once).
import type { DiscussionCast } from '../helpers/discussion';
import { discussionCast, discussionMember, letTimePass } from '../helpers/discussion';
import { clientFor } from '../helpers/accounts';
import type { TestServer } from '../helpers/server';

export interface ReportedPost {
  cast: DiscussionCast;
  topicTitle: string;
  postId: number;
  /** The spammer (the cast's member outside the contest: the discussion is open). */
  authorId: number;
  authorName: string;
}

export async function reportedPost(
  s: TestServer,
  { reporters = 1, topicTitle = 'How is it scored?' } = {},
): Promise<ReportedPost> {
  const cast = await discussionCast(s.db);
  const organiser = await clientFor(s, cast.creator.id);
  const must = (status: number, what: string) => {
    if (status >= 300) throw new Error(`${what}: ${status}`);
  };
  must(
    (await organiser.patch(`/api/contests/${cast.contestId}/discussion`, { open: true })).status,
    'open the discussion',
  );
  await letTimePass(s.db);
  const topic = await (
    await clientFor(s, cast.participant.id)
  ).post(`/api/contests/${cast.contestId}/topics`, { title: topicTitle, body: 'Asking here.' });
  must(topic.status, 'topic');
  await letTimePass(s.db);
  const reply = await (
    await clientFor(s, cast.member.id)
  ).post(`/api/topics/${topic.json.id}/replies`, {
    body: 'Buy **cheap followers** at spam.example',
  });
  must(reply.status, 'reply');
  const postId = reply.json.id as number;
  for (let i = 0; i < reporters; i++) {
    const reporter = i === 0 ? cast.participant : await discussionMember(s.db);
    const report = await (
      await clientFor(s, reporter.id)
    ).post(`/api/posts/${postId}/reports`, { reason: 'spam', text: `Advert ${i + 1}` });
    must(report.status, 'report');
  }
  return {
    cast,
    topicTitle,
    postId,
    authorId: cast.member.id,
    authorName: cast.member.username,
  };
}
