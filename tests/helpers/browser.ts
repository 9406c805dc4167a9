// Debian's Chromium driven by playwright-core, with the flags this machine needs.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { chromium, type Browser, type BrowserContext, type Page } from 'playwright-core';

export const CHROMIUM_PATH = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';

export interface TestBrowser {
  browser: BrowserContext;
  newPage: () => Promise<Page>;
  close: () => Promise<void>;
}

const FLAGS = [
  '--headless',
  '--no-sandbox',
  '--disable-gpu',
  '--disable-quic',
  '--no-first-run',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
];

/** A fresh user-data dir per launch, so no test sees another's cookies or storage. */
export async function launchBrowser(): Promise<TestBrowser> {
  const userDataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'contest-chromium-'));
  const context = await chromium.launchPersistentContext(userDataDir, {
    executablePath: CHROMIUM_PATH,
    headless: true,
    args: FLAGS,
    viewport: { width: 1280, height: 900 },
  });
  return {
    browser: context,
    newPage: () => context.newPage(),
    close: async () => {
      await context.close();
      fs.rmSync(userDataDir, { recursive: true, force: true });
    },
  };
}

/** A second, independent browser (another person), e.g. to watch a session end. */
export async function launchPlainBrowser(): Promise<Browser> {
  return chromium.launch({ executablePath: CHROMIUM_PATH, headless: true, args: FLAGS });
}
