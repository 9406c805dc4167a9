// The WordPress import against a WordPress-shaped site on 127.0.0.1: a first import of two pages,
// a re-import with one post changed and one added, broken JSON, a 500, a timeout, a site that is
// not WordPress, malformed posts; counts and the stored rows checked after each. Then the
// procedures that run it as a job, the address rules, and the HTML allow-list.
import { asc, eq } from 'drizzle-orm';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { educationContent, uploads } from '../../src/server/platform/db/schema';
import { sanitizeImportedHtml, htmlToText } from '../../src/server/domain/education/educationHtml';
import { importJobDone } from '../../src/server/domain/education/importJobs';
import { isPublicAddress } from '../../src/server/platform/safeFetch';
import {
  ImportFailedError,
  importWordPress,
  postsEndpoint,
} from '../../src/server/domain/education/wordpressImport';
import type { Actor } from '../../src/server/platform/actor';
import { lastAuditRow } from '../helpers/accounts';
import { callerFor, createTestDb, createUser, type CreatedUser, type TestDb } from '../helpers/db';
import { failure } from '../helpers/errors';
import { samplePosts, startWordPressFixture, type WordPressFixture } from '../helpers/wordpress';

let t: TestDb;
let site: WordPressFixture;
let admin: CreatedUser;
let actor: Actor;

beforeEach(async () => {
  t = await createTestDb();
  site = await startWordPressFixture(samplePosts());
  admin = await createUser(t.db, { role: 'admin' });
  actor = { id: admin.id, username: admin.username, role: 'admin' };
});
afterEach(async () => {
  await site.stop();
  await t.close();
});

const run = (overrides: { timeoutMs?: number; siteUrl?: string } = {}) =>
  importWordPress({
    db: t.db,
    actor,
    uploadDir: t.deps.uploadDir,
    siteUrl: overrides.siteUrl ?? site.url,
    allowPrivate: true,
    timeoutMs: overrides.timeoutMs ?? 5_000,
  });

const stored = () =>
  t.db
    .select({
      wpId: educationContent.wpId,
      title: educationContent.title,
      content: educationContent.content,
      excerpt: educationContent.excerpt,
      category: educationContent.category,
      tags: educationContent.tags,
      slug: educationContent.slug,
      kind: educationContent.kind,
      source: educationContent.source,
      featuredImage: educationContent.featuredImage,
      publishDate: educationContent.publishDate,
      lastSync: educationContent.lastSync,
      updatedAt: educationContent.updatedAt,
    })
    .from(educationContent)
    .orderBy(asc(educationContent.wpId));

async function failureOf(promise: Promise<unknown>): Promise<ImportFailedError> {
  try {
    await promise;
  } catch (error) {
    if (error instanceof ImportFailedError) return error;
    throw error;
  }
  throw new Error('expected the import to fail');
}

describe('a first import', () => {
  it('reads both pages and stores every post, sanitized, with its terms and picture', async () => {
    const result = await run();
    expect(result).toMatchObject({
      page: 2,
      totalPages: 2,
      added: 3,
      updated: 0,
      unchanged: 0,
      refused: 0,
    });
    expect(site.requests.filter((r) => r.startsWith('/wp-json/'))).toEqual([
      '/wp-json/wp/v2/posts?per_page=20&page=1&_embed',
      '/wp-json/wp/v2/posts?per_page=20&page=2&_embed',
    ]);
    const rows = await stored();
    expect(rows.map((r) => r.wpId)).toEqual([101, 102, 103]);
    expect(rows[0]).toMatchObject({
      title: 'Scalping & Spreads: A Primer',
      content: '<p>Spreads matter <strong>most</strong> for short trades.</p>',
      excerpt: 'Excerpt of Scalping & Spreads: A Primer […]',
      category: 'Trading',
      tags: ['forex', 'costs'],
      slug: 'scalping-and-spreads',
      kind: 'article',
      source: 'wordpress',
      publishDate: new Date('2026-01-12T08:00:00Z'),
    });
    // The picture now lives in the upload service, re-encoded, not on the other site.
    expect(rows[0]!.featuredImage).toMatch(/^\/uploads\/[a-f0-9]{32}\.png$/);
    const [upload] = await t.db
      .select()
      .from(uploads)
      .where(eq(uploads.fileName, rows[0]!.featuredImage!.slice('/uploads/'.length)));
    expect(upload).toMatchObject({ purpose: 'cover', ownerId: admin.id });
    // The post's own h1 becomes an h2 under the item page's title; entities decode in titles.
    expect(rows[1]!.content).toBe(
      '<h2>Why</h2><p>A journal turns <em>results</em> into lessons.</p>',
    );
    expect(rows[2]).toMatchObject({ title: 'It’s About Process', category: null, tags: [] });
    expect(rows.every((r) => r.lastSync instanceof Date)).toBe(true);
    expect(JSON.parse((await lastAuditRow(t.db))!.after!)).toMatchObject({
      added: 3,
      updated: 0,
      unchanged: 0,
      refused: 0,
    });
  });
});

describe('a re-import', () => {
  it('updates a changed post in place, adds a new one, and leaves the rest unchanged', async () => {
    await run();
    const before = await stored();
    site.posts[1] = { ...site.posts[1]!, title: 'Journaling Your Trades, Revised' };
    site.posts.push({ id: 104, title: 'New Post', content: '<p>Fresh.</p>', slug: 'journaling' });

    const result = await run();
    expect(result).toMatchObject({ added: 1, updated: 1, unchanged: 2, refused: 0 });
    const after = await stored();
    expect(after.map((r) => r.wpId)).toEqual([101, 102, 103, 104]);
    expect(after[1]).toMatchObject({
      title: 'Journaling Your Trades, Revised',
      slug: 'journaling',
    });
    // A slug already used is not taken over: the new post gets the next free one.
    expect(after[3]!.slug).toBe('journaling-2');
    // Unchanged posts keep their row as it was; only the sync time moves.
    const { lastSync: _a, updatedAt: _b, ...same } = before[0]!;
    expect(after[0]).toMatchObject(same);
    expect(after[0]!.updatedAt).toEqual(before[0]!.updatedAt);
    expect(after[0]!.lastSync!.getTime()).toBeGreaterThanOrEqual(before[0]!.lastSync!.getTime());
    expect(await t.db.select().from(educationContent)).toHaveLength(4);
  });

  it('refuses a post whose id was imported from another site, rather than overwriting it', async () => {
    await run();
    const other = await startWordPressFixture([
      { id: 101, title: 'Same Id, Other Blog', content: '<p>Another site entirely.</p>' },
    ]);
    try {
      const result = await run({ siteUrl: other.url.replace('127.0.0.1', 'localhost') });
      expect(result).toMatchObject({ added: 0, updated: 0, refused: 1 });
      expect(result.refusals[0]!.reason).toMatch(/already imported from http:\/\/127\.0\.0\.1/);
      expect((await stored())[0]!.title).toBe('Scalping & Spreads: A Primer');
    } finally {
      await other.stop();
    }
  });
});

describe('an import that fails', () => {
  it('on broken JSON: says so, and the stored content stays as it was', async () => {
    await run();
    const before = await stored();
    site.mode = 'broken-json';
    const error = await failureOf(run());
    expect(error.message).toBe(
      'The answer for page 1 is not valid JSON: this does not look like a WordPress site',
    );
    expect(error.progress).toMatchObject({ page: 0, added: 0, updated: 0 });
    expect(await stored()).toEqual(before);
  });

  it('on a 500 for page 2: keeps page 1, which was whole, and says which page failed', async () => {
    site.mode = 'error-500';
    site.modeOnPage = 2;
    const error = await failureOf(run());
    expect(error.message).toBe('The WordPress site answered with an error (HTTP 500) on page 2');
    expect(error.progress).toMatchObject({ page: 1, totalPages: 2, added: 2 });
    expect((await stored()).map((r) => r.wpId)).toEqual([101, 102]);
    expect(JSON.parse((await lastAuditRow(t.db))!.after!)).toMatchObject({
      added: 2,
      failure: 'The WordPress site answered with an error (HTTP 500) on page 2',
    });
  });

  it('on a timeout: says the site did not answer in time, and stores nothing', async () => {
    site.mode = 'hang';
    const error = await failureOf(run({ timeoutMs: 300 }));
    expect(error.message).toBe('The site 127.0.0.1 did not answer within 0.3 s (page 1)');
    expect(await stored()).toEqual([]);
  });

  it('on a site that is not WordPress: says so', async () => {
    site.mode = 'not-wordpress';
    expect((await failureOf(run())).message).toBe(
      'The answer for page 1 is not valid JSON: this does not look like a WordPress site',
    );
    const missing = await failureOf(run({ siteUrl: `${site.url}/blog` }));
    expect(missing.message).toBe(
      `No WordPress posts were found at ${site.url}/blog/wp-json/wp/v2/posts (HTTP 404): is this a WordPress site?`,
    );
    expect(await stored()).toEqual([]);
  });

  it('on a closed port: says the connection was refused', async () => {
    const url = site.url;
    await site.stop();
    site = await startWordPressFixture();
    const error = await failureOf(run({ siteUrl: url }));
    expect(error.message).toMatch(/^The site 127\.0\.0\.1 refused the connection \(page 1\)$/);
  });
});

describe('malformed posts', () => {
  it('are refused one by one with a reason, and the others are imported', async () => {
    site.extraRaw = [
      { id: 'seven', title: { rendered: 'Bad id' } },
      { id: 201, title: 'not an object', content: { rendered: '<p>x</p>' }, date: '2026-01-01' },
      { id: 202, title: { rendered: 'No date' }, content: { rendered: '<p>x</p>' }, date: 'soon' },
      {
        id: 203,
        title: { rendered: 'Only a script' },
        content: { rendered: '<script>alert(1)</script>' },
        date: '2026-01-01T00:00:00',
      },
      {
        id: 204,
        title: { rendered: 'Locked' },
        content: { rendered: '', protected: true },
        date: '2026-01-01T00:00:00',
      },
      null,
    ];
    const result = await run();
    expect(result).toMatchObject({ added: 3, refused: 6 });
    expect(result.refusals.map((r) => [r.wpId, r.reason])).toEqual([
      [null, 'Malformed post: id is missing or of the wrong type'],
      [201, 'Malformed post: title is missing or of the wrong type'],
      [202, 'Malformed post: date is not a date'],
      [203, 'The post has no content'],
      [204, 'The post is password-protected'],
      [null, 'Malformed post: the post is missing or of the wrong type'],
    ]);
    expect((await stored()).map((r) => r.wpId)).toEqual([101, 102, 103]);
  });
});

describe('addresses', () => {
  it('builds the posts endpoint from the site address', () => {
    expect(postsEndpoint('https://blog.example.org').toString()).toBe(
      'https://blog.example.org/wp-json/wp/v2/posts',
    );
    expect(postsEndpoint('https://example.org/blog/?p=1#top').toString()).toBe(
      'https://example.org/blog/wp-json/wp/v2/posts',
    );
    expect(postsEndpoint('https://example.org/wp-json/wp/v2/posts?per_page=5').toString()).toBe(
      'https://example.org/wp-json/wp/v2/posts',
    );
  });

  it('judges only public unicast addresses as public', () => {
    for (const address of ['8.8.8.8', '2606:4700:4700::1111', '93.184.216.34']) {
      expect(isPublicAddress(address), address).toBe(true);
    }
    for (const address of [
      '127.0.0.1',
      '10.0.0.1',
      '172.16.5.4',
      '192.168.1.1',
      '169.254.169.254',
      '100.64.0.1',
      '0.0.0.0',
      '::1',
      '::',
      'fd00::1',
      'fe80::1',
      '::ffff:127.0.0.1',
      '::ffff:10.0.0.1',
      '224.0.0.1',
      'not-an-ip',
    ]) {
      expect(isPublicAddress(address), address).toBe(false);
    }
  });

  it('refuses loopback and private addresses unless allowed, before any request', async () => {
    for (const siteUrl of [
      site.url,
      site.url.replace('127.0.0.1', 'localhost'),
      'http://[::1]:9/',
      'http://10.0.0.8/',
      'http://169.254.169.254/latest/meta-data/',
      'http://0x7f000001/',
    ]) {
      await expect(
        importWordPress({ db: t.db, actor, uploadDir: t.deps.uploadDir, siteUrl }),
        siteUrl,
      ).rejects.toThrow(
        'Addresses on this server or its private network cannot be imported from ' +
          '(the operator can allow them with EDUCATION_IMPORT_ALLOW_PRIVATE=true)',
      );
    }
    expect(site.requests).toEqual([]);
  });

  it('refuses other schemes and credentials in the address', async () => {
    for (const [siteUrl, message] of [
      ['ftp://example.org/', 'Only http:// and https:// addresses can be imported from'],
      ['file:///etc/passwd', 'Only http:// and https:// addresses can be imported from'],
      ['http://user:secret@example.org/', 'The address must not contain a user name or password'],
      ['not a url', 'Enter a web address that starts with http:// or https://'],
    ] as const) {
      await expect(
        importWordPress({ db: t.db, actor, uploadDir: t.deps.uploadDir, siteUrl }),
        siteUrl,
      ).rejects.toThrow(message);
    }
  });
});

describe('education.importStart and education.importStatus', () => {
  let member: CreatedUser;
  beforeEach(async () => {
    member = await createUser(t.db);
  });

  it('runs the import as a job an admin follows to its counts', async () => {
    t.deps.allowPrivateImports = true;
    const caller = callerFor(t, admin).caller;
    const job = await caller.education.importStart({ siteUrl: site.url });
    expect(job).toMatchObject({ status: 'running', siteUrl: site.url });
    await importJobDone(job.jobId);
    const done = await caller.education.importStatus({ jobId: job.jobId });
    expect(done).toMatchObject({
      status: 'done',
      message: null,
      progress: { page: 2, totalPages: 2, added: 3, updated: 0, unchanged: 0, refused: 0 },
    });
    expect(done.finishedAt).toBeInstanceOf(Date);
  });

  it('reports a failed job with its message', async () => {
    t.deps.allowPrivateImports = true;
    site.mode = 'error-500';
    const caller = callerFor(t, admin).caller;
    const job = await caller.education.importStart({ siteUrl: site.url });
    await importJobDone(job.jobId);
    expect(await caller.education.importStatus({ jobId: job.jobId })).toMatchObject({
      status: 'failed',
      message: 'The WordPress site answered with an error (HTTP 500) on page 1',
    });
  });

  it('refuses a private address with a 400 when the flag is off', async () => {
    t.deps.allowPrivateImports = false;
    expect(
      await failure(callerFor(t, admin).caller.education.importStart({ siteUrl: site.url })),
    ).toEqual({
      code: 'BAD_REQUEST',
      message:
        'Addresses on this server or its private network cannot be imported from ' +
        '(the operator can allow them with EDUCATION_IMPORT_ALLOW_PRIVATE=true)',
    });
    expect(
      await failure(
        callerFor(t, admin).caller.education.importStart({ siteUrl: 'javascript:alert(1)' }),
      ),
    ).toEqual({
      code: 'BAD_REQUEST',
      message: 'Enter a web address that starts with http:// or https://',
    });
  });

  it('runs one import at a time', async () => {
    t.deps.allowPrivateImports = true;
    site.mode = 'hang';
    const caller = callerFor(t, admin).caller;
    const first = await caller.education.importStart({ siteUrl: site.url });
    expect(await failure(caller.education.importStart({ siteUrl: site.url }))).toEqual({
      code: 'CONFLICT',
      message: 'An import is already running. Wait for it to finish.',
    });
    // The hanging site is stopped: the first job ends with a network error.
    await site.stop();
    site = await startWordPressFixture();
    await importJobDone(first.jobId);
    expect((await caller.education.importStatus({ jobId: first.jobId })).status).toBe('failed');
  });

  it('is for admins only; an unknown job is a 404', async () => {
    t.deps.allowPrivateImports = true;
    for (const user of [member]) {
      expect(
        (await failure(callerFor(t, user).caller.education.importStart({ siteUrl: site.url })))
          .code,
      ).toBe('FORBIDDEN');
    }
    expect(
      (await failure(callerFor(t).caller.education.importStart({ siteUrl: site.url }))).code,
    ).toBe('UNAUTHORIZED');
    expect(site.requests).toEqual([]);
    expect(
      await failure(
        callerFor(t, admin).caller.education.importStatus({
          jobId: '00000000-0000-4000-8000-000000000000',
        }),
      ),
    ).toEqual({ code: 'NOT_FOUND', message: 'Import not found' });
  });
});

describe('the HTML allow-list', () => {
  const clean = (html: string) => sanitizeImportedHtml(html, 'https://blog.example.org/post/');

  it('drops scripts, styles, frames, forms and SVG with their content', () => {
    expect(clean('<p>a</p><script>window.__xss=1</script><style>p{}</style>')).toBe('<p>a</p>');
    expect(clean('<iframe src="https://evil.example"></iframe><p>b</p>')).toBe('<p>b</p>');
    expect(clean('<svg onload="window.__xss=1"><script>1</script></svg>c')).toBe('c');
    expect(clean('<form action="/x"><input name="q"><button>go</button></form>')).toBe('go');
    expect(clean('<object data="x.swf"></object><embed src="x.swf">')).toBe('');
    expect(clean('<noscript><img src=x onerror=alert(1)></noscript>ok')).toBe('ok');
  });

  it('drops every event handler and style attribute', () => {
    expect(clean('<p onclick="window.__xss=1" style="color:red" class="x" id="y">a</p>')).toBe(
      '<p>a</p>',
    );
    expect(clean('<img src="https://cdn.example/a.png" onerror="window.__xss=1" alt="A">')).toBe(
      '<img alt="A" src="https://cdn.example/a.png" />',
    );
    expect(clean('<a href="https://x.example" onmouseover="1">x</a>')).toBe(
      '<a href="https://x.example/" rel="nofollow noopener noreferrer">x</a>',
    );
  });

  it('drops javascript:, data: and vbscript: URLs, entity-encoded or not', () => {
    const links = [
      '<a href="javascript:window.__xss=1">a</a>',
      '<a href="JaVaScRiPt:alert(1)">a</a>',
      '<a href="jav&#x61;script:alert(1)">a</a>',
      '<a href="&#106;&#97;&#118;&#97;&#115;&#99;&#114;&#105;&#112;&#116;&#58;alert(1)">a</a>',
      '<a href="java\tscript:alert(1)">a</a>',
      '<a href=" javascript:alert(1)">a</a>',
      '<a href="&#x6A;avascript&colon;alert(1)">a</a>',
      '<a href="data:text/html;base64,PHNjcmlwdD5hbGVydCgxKTwvc2NyaXB0Pg==">a</a>',
      '<a href="vbscript:msgbox(1)">a</a>',
    ];
    for (const html of links) {
      expect(clean(html), html).toBe('<a rel="nofollow noopener noreferrer">a</a>');
    }
    expect(clean('<img src="data:image/png;base64,iVBORw0KGgo=" alt="d">')).toBe('<img alt="d" />');
    expect(clean('<img src="javascript:alert(1)">')).toBe('<img />');
  });

  it('leaves entity-encoded markup as text, never as a tag', () => {
    const out = clean('<p>&lt;script&gt;window.__xss=1&lt;/script&gt;</p>');
    expect(out).toBe('<p>&lt;script&gt;window.__xss=1&lt;/script&gt;</p>');
    expect(out).not.toContain('<script');
  });

  it('keeps structure and makes relative links point at the post’s site', () => {
    expect(clean('<h1>T</h1><ul><li><a href="/about">About</a></li></ul>')).toBe(
      '<h2>T</h2><ul><li><a href="https://blog.example.org/about" rel="nofollow noopener noreferrer">About</a></li></ul>',
    );
    expect(clean('<img src="pics/a.png" alt="A">')).toBe(
      '<img alt="A" src="https://blog.example.org/post/pics/a.png" />',
    );
    expect(clean('<table><tr><td colspan="2">x</td></tr></table>')).toBe(
      '<table><tr><td colspan="2">x</td></tr></table>',
    );
  });

  it('turns titles and excerpts into plain text', () => {
    expect(htmlToText('<p>It&#8217;s <em>fine</em> &amp; fast [&hellip;]</p>\n')).toBe(
      'It’s fine & fast […]',
    );
    expect(htmlToText('<script>alert(1)</script>Title')).toBe('Title');
  });
});
