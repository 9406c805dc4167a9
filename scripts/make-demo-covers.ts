// Renders the five demo contest covers (public/images/contests/<slug>.jpg, 1200x630) once with
// sharp; the JPEGs are committed, so this runs only when the artwork changes:
//   npx tsx scripts/make-demo-covers.ts
import path from 'node:path';
import sharp from 'sharp';

interface Cover {
  slug: string;
  title: string;
  subtitle: string;
  from: string;
  to: string;
  /** Seed of the chart drawn behind the title, so every cover differs. */
  seed: number;
  motif: 'candles' | 'grid' | 'crown';
}

const COVERS: Cover[] = [
  {
    slug: 'the-dake-contest',
    title: 'The Dake Contest',
    subtitle: 'Forex · 7 days · $8,500 in prizes',
    from: '#7c3aed',
    to: '#db2777',
    seed: 7,
    motif: 'candles',
  },
  {
    slug: 'candle-games',
    title: 'Candle Games',
    subtitle: 'Price action · 7 days · $6,800 in prizes',
    from: '#0ea5e9',
    to: '#4338ca',
    seed: 19,
    motif: 'candles',
  },
  {
    slug: 'forex-sprint',
    title: 'Forex Sprint',
    subtitle: 'Intraday forex · Standard tier and up',
    from: '#059669',
    to: '#0e7490',
    seed: 31,
    motif: 'candles',
  },
  {
    slug: 'strategy-masters',
    title: 'Strategy Masters',
    subtitle: 'Turn-based strategy league · Pro tier',
    from: '#ea580c',
    to: '#b91c1c',
    seed: 43,
    motif: 'grid',
  },
  {
    slug: 'elite-championship',
    title: 'Elite Championship',
    subtitle: 'Twenty seats · Elite members only',
    from: '#ca8a04',
    to: '#7c2d12',
    seed: 59,
    motif: 'crown',
  },
];

/** A small deterministic generator (mulberry32), so the covers come out the same every run. */
function random(seed: number): () => number {
  let a = seed;
  return () => {
    a = (a + 0x6d2b79f5) | 0;
    let t = Math.imul(a ^ (a >>> 15), 1 | a);
    t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

function candles(seed: number): string {
  const next = random(seed);
  let price = 330;
  const parts: string[] = [];
  for (let i = 0; i < 34; i += 1) {
    const open = price;
    price = Math.min(520, Math.max(140, price + (next() - 0.48) * 70));
    const high = Math.min(open, price) - next() * 30;
    const low = Math.max(open, price) + next() * 30;
    const x = 40 + i * 34;
    const up = price < open;
    const color = up ? '#bbf7d0' : '#fecaca';
    parts.push(
      `<line x1="${x + 10}" y1="${high.toFixed(1)}" x2="${x + 10}" y2="${low.toFixed(1)}" stroke="${color}" stroke-width="3"/>`,
      `<rect x="${x}" y="${Math.min(open, price).toFixed(1)}" width="20" height="${Math.max(4, Math.abs(price - open)).toFixed(1)}" fill="${color}"/>`,
    );
  }
  return `<g opacity="0.35">${parts.join('')}</g>`;
}

function grid(seed: number): string {
  const next = random(seed);
  const cells: string[] = [];
  for (let row = 0; row < 7; row += 1) {
    for (let col = 0; col < 14; col += 1) {
      if ((row + col) % 2 === 0) {
        cells.push(
          `<rect x="${30 + col * 82}" y="${40 + row * 82}" width="76" height="76" rx="8" fill="#fff" opacity="${(0.08 + next() * 0.2).toFixed(2)}"/>`,
        );
      }
    }
  }
  return `<g>${cells.join('')}</g>`;
}

function crown(): string {
  return (
    '<g opacity="0.3" fill="#fde68a">' +
    '<path d="M380 330 L450 170 L540 290 L600 130 L660 290 L750 170 L820 330 Z"/>' +
    '<rect x="380" y="345" width="440" height="40" rx="10"/></g>'
  );
}

function svgOf(cover: Cover): string {
  const motif =
    cover.motif === 'candles'
      ? candles(cover.seed)
      : cover.motif === 'grid'
        ? grid(cover.seed)
        : crown();
  return `<svg xmlns="http://www.w3.org/2000/svg" width="1200" height="630" viewBox="0 0 1200 630">
<defs><linearGradient id="g" x1="0" y1="0" x2="1" y2="1"><stop offset="0" stop-color="${cover.from}"/><stop offset="1" stop-color="${cover.to}"/></linearGradient>
<linearGradient id="shade" x1="0" y1="0" x2="0" y2="1"><stop offset="0.45" stop-color="#000" stop-opacity="0"/><stop offset="1" stop-color="#000" stop-opacity="0.55"/></linearGradient></defs>
<rect width="1200" height="630" fill="url(#g)"/>
${motif}
<rect width="1200" height="630" fill="url(#shade)"/>
<text x="60" y="500" font-family="DejaVu Sans, Liberation Sans, sans-serif" font-size="76" font-weight="700" fill="#fff">${cover.title}</text>
<text x="62" y="560" font-family="DejaVu Sans, Liberation Sans, sans-serif" font-size="32" fill="#fff" opacity="0.9">${cover.subtitle}</text>
</svg>`;
}

const dir = path.resolve('public/images/contests');
for (const cover of COVERS) {
  const file = path.join(dir, `${cover.slug}.jpg`);
  await sharp(Buffer.from(svgOf(cover)))
    .jpeg({ quality: 82, mozjpeg: true })
    .toFile(file);
  console.log(`wrote ${file}`);
}
