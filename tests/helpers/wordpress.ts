// A WordPress-shaped site on 127.0.0.1 for the import tests: /wp-json/wp/v2/posts paged with
// X-WP-TotalPages and _embed'ed featured media and terms, plus ways to misbehave (broken JSON,
// HTTP 500, an answer that never comes, a page that is not WordPress at all).
import http from 'node:http';
import type { AddressInfo, Socket } from 'node:net';
import { PNG } from './accounts';

export interface FixturePost {
  id: number;
  title: string;
  content: string;
  excerpt?: string;
  date?: string;
  slug?: string;
  category?: string;
  tags?: string[];
  /** Path of a featured image served by this site (any path under /wp-content/). */
  image?: string;
}

export type FixtureMode = 'ok' | 'broken-json' | 'error-500' | 'hang' | 'not-wordpress';

export interface WordPressFixture {
  url: string;
  posts: FixturePost[];
  perPage: number;
  mode: FixtureMode;
  /** A page number answered with `mode` while other pages answer normally (0: every page). */
  modeOnPage: number;
  /** Raw entries appended to page 1 as they are (malformed posts). */
  extraRaw: unknown[];
  requests: string[];
  stop: () => Promise<void>;
}

function render(post: FixturePost, base: string) {
  const terms = [
    post.category ? [{ name: post.category, taxonomy: 'category' }] : [],
    (post.tags ?? []).map((name) => ({ name, taxonomy: 'post_tag' })),
  ];
  return {
    id: post.id,
    date: post.date ?? '2026-01-10T09:30:00',
    date_gmt: post.date ?? '2026-01-10T09:30:00',
    slug: post.slug ?? `post-${post.id}`,
    link: `${base}/${post.slug ?? `post-${post.id}`}/`,
    title: { rendered: post.title },
    content: { rendered: post.content, protected: false },
    excerpt: { rendered: post.excerpt ?? `<p>Excerpt of ${post.title} [&hellip;]</p>\n` },
    _embedded: {
      ...(post.image
        ? {
            'wp:featuredmedia': [
              { source_url: `${base}${post.image}`, media_type: 'image', media_details: {} },
            ],
          }
        : {}),
      'wp:term': terms,
    },
  };
}

export async function startWordPressFixture(posts: FixturePost[] = []): Promise<WordPressFixture> {
  const sockets = new Set<Socket>();
  const fixture = {
    posts,
    perPage: 2,
    mode: 'ok' as FixtureMode,
    modeOnPage: 0,
    extraRaw: [] as unknown[],
    requests: [] as string[],
  } as WordPressFixture;

  const server = http.createServer((req, res) => {
    const url = new URL(req.url ?? '/', fixture.url);
    fixture.requests.push(url.pathname + url.search);
    if (url.pathname.startsWith('/wp-content/')) {
      res.writeHead(200, { 'content-type': 'image/png' });
      res.end(PNG);
      return;
    }
    if (url.pathname !== '/wp-json/wp/v2/posts') {
      res.writeHead(404, { 'content-type': 'text/html' });
      res.end('<!doctype html><title>Not found</title>');
      return;
    }
    const page = Number(url.searchParams.get('page') ?? '1');
    const perPage = fixture.perPage;
    const totalPages = Math.max(1, Math.ceil(fixture.posts.length / perPage));
    const misbehave =
      fixture.mode !== 'ok' && (fixture.modeOnPage === 0 || fixture.modeOnPage === page);
    if (misbehave && fixture.mode === 'hang') return; // never answers
    if (misbehave && fixture.mode === 'error-500') {
      res.writeHead(500, { 'content-type': 'application/json' });
      res.end('{"code":"internal_server_error","message":"There has been a critical error."}');
      return;
    }
    if (misbehave && fixture.mode === 'not-wordpress') {
      res.writeHead(200, { 'content-type': 'text/html' });
      res.end('<!doctype html><html><body>Welcome to my homepage</body></html>');
      return;
    }
    const headers = {
      'content-type': 'application/json; charset=UTF-8',
      'x-wp-total': String(fixture.posts.length),
      'x-wp-totalpages': String(totalPages),
    };
    if (misbehave && fixture.mode === 'broken-json') {
      res.writeHead(200, headers);
      res.end('[{"id": 1, "title": {"rendered": "Cut off');
      return;
    }
    if (page > totalPages) {
      res.writeHead(400, { 'content-type': 'application/json' });
      res.end(
        JSON.stringify({
          code: 'rest_post_invalid_page_number',
          message: 'The page number requested is larger than the number of pages available.',
        }),
      );
      return;
    }
    const slice = fixture.posts.slice((page - 1) * perPage, page * perPage);
    const body = slice.map((p) => render(p, fixture.url));
    res.writeHead(200, headers);
    res.end(JSON.stringify(page === 1 ? [...body, ...fixture.extraRaw] : body));
  });
  server.on('connection', (socket) => {
    sockets.add(socket);
    socket.on('close', () => sockets.delete(socket));
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  fixture.url = `http://127.0.0.1:${port}`;
  fixture.stop = async () => {
    for (const socket of sockets) socket.destroy();
    await new Promise<void>((resolve) => server.close(() => resolve()));
  };
  return fixture;
}

/** The first import's posts: three posts over two pages, one with a featured image. */
export function samplePosts(): FixturePost[] {
  return [
    {
      id: 101,
      title: 'Scalping &amp; Spreads: A Primer',
      content: '<p>Spreads matter <strong>most</strong> for short trades.</p>',
      category: 'Trading',
      tags: ['forex', 'costs'],
      slug: 'scalping-and-spreads',
      image: '/wp-content/uploads/2026/01/spreads.png',
      date: '2026-01-12T08:00:00',
    },
    {
      id: 102,
      title: 'Journaling Your Trades',
      content: '<h1>Why</h1><p>A journal turns <em>results</em> into lessons.</p>',
      category: 'Habits',
      slug: 'journaling',
      date: '2026-01-11T08:00:00',
    },
    {
      id: 103,
      title: 'It&#8217;s About Process',
      content: '<p>Process over outcome.</p>',
      date: '2026-01-10T08:00:00',
    },
  ];
}
