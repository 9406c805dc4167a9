// Copy a text, with a 'copied' mark that resets after SPEC 9's 2 seconds. The Clipboard API
// first; where a browser refuses it (no permission, an older browser) a selected hidden node and
// execCommand('copy'), which still works from a click.
import { useCallback, useEffect, useRef, useState } from 'react';

export const COPIED_MARK_MS = 2000;

function copyWithSelection(text: string): boolean {
  const node = document.createElement('textarea');
  node.value = text;
  node.setAttribute('readonly', '');
  Object.assign(node.style, { position: 'fixed', top: '0', left: '-9999px', opacity: '0' });
  document.body.appendChild(node);
  node.select();
  try {
    return document.execCommand('copy');
  } finally {
    node.remove();
  }
}

export async function copyText(text: string): Promise<boolean> {
  try {
    await navigator.clipboard.writeText(text);
    return true;
  } catch {
    return copyWithSelection(text);
  }
}

export function useCopyToClipboard(markMs = COPIED_MARK_MS) {
  const [copied, setCopied] = useState(false);
  const timer = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);
  useEffect(() => () => clearTimeout(timer.current), []);
  const copy = useCallback(
    async (text: string) => {
      const done = await copyText(text);
      if (done) {
        setCopied(true);
        clearTimeout(timer.current);
        timer.current = setTimeout(() => setCopied(false), markMs);
      }
      return done;
    },
    [markMs],
  );
  return { copied, copy };
}
