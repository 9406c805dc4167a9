// Accessibility of every screen with axe-core, the route walk's second lane: each route of the
// client's route table as a member, then as a moderator, on a desktop and a phone, in both themes.
// Fails on any serious or critical violation, and on a screen without its own document title.
// The other lane (admin, guest) is axe.routes.adminGuest: the lanes are about even, and as two
// files they run side by side in vitest's two workers. The shared parts are in ./axe.
import { afterAll, beforeAll, describe, it } from 'vitest';
import { ALL_SEEDS, expectNoSerious, report, startAxeStage, type AxeStage } from './axe/support';
import type { Finding } from './axe/support';
import { expectTitled, walkRole } from './axe/routes';

let stage: AxeStage;
beforeAll(async () => {
  stage = await startAxeStage({ seed: ALL_SEEDS, tabs: ['member', 'moderator'] });
});
afterAll(async () => {
  await stage?.stop();
});

describe('axe-core on every screen (member, then moderator)', () => {
  // The walk visits every route as each role in two sizes and two themes (about 270 screens in
  // the two lanes): its time grows with the app and with the machine's load, so its limit is
  // generous; it asserts no time, only the findings.
  it('finds nothing serious on any route, as any role, on a desktop and a phone, in both themes', async () => {
    const findings: Finding[] = [];
    const titles = new Map<string, string>();
    // One lane (in one run of the single file: member 162 s + moderator 14 s).
    try {
      await walkRole(stage, 'member', findings, titles);
      await walkRole(stage, 'moderator', findings, titles);
    } finally {
      report('routes', findings);
    }

    console.log('document titles:\n' + [...titles].map(([k, v]) => `  ${k} -> ${v}`).join('\n'));
    expectNoSerious(findings);
    // Every screen names itself in the title, after the platform.
    expectTitled(titles);
  }, 480_000);
});
