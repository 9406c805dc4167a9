// The open tab of a page kept in the URL (?tab=payment), so a reload or a shared link reopens it.
// What a person types is read generously: any case, with dashes, spaces or underscores
// (?tab=Payment-Methods), and the page's own other names for a tab (`aliases`). A tab's own
// parameters (`ownParams`: the Discussion tab's &topic=, &post=) leave the address with it.
import { useSearchParams } from 'wouter';

/** 'Payment-Methods', 'payment_methods' and 'paymentMethods' all read as 'paymentmethods'. */
export function tabKey(name: string): string {
  return name.toLowerCase().replace(/[^a-z0-9]/g, '');
}

/** The tab a `?tab=` value names, or undefined when it names none. */
export function resolveTab<T extends string>(
  tabs: readonly T[],
  asked: string | null,
  aliases: Readonly<Record<string, T>> = {},
): T | undefined {
  if (asked === null) return undefined;
  const key = tabKey(asked);
  return (
    tabs.find((t) => t === asked) ??
    tabs.find((t) => tabKey(t) === key) ??
    Object.entries(aliases).find(([alias]) => tabKey(alias) === key)?.[1]
  );
}

export function useTabParam<T extends string>(
  tabs: readonly T[],
  fallback: T,
  aliases?: Readonly<Record<string, T>>,
  ownParams?: Readonly<Partial<Record<T, readonly string[]>>>,
): [T, (next: string) => void] {
  const [params, setParams] = useSearchParams();
  const tab = resolveTab(tabs, params.get('tab'), aliases) ?? fallback;
  const setTab = (next: string) =>
    setParams(
      (prev) => {
        const nextParams = new URLSearchParams(prev);
        // Another tab's place would otherwise stay behind (and reopen it on the way back).
        for (const [owner, keys] of Object.entries(ownParams ?? {}) as [T, string[]][]) {
          if (owner !== next) for (const key of keys) nextParams.delete(key);
        }
        // The first tab is the page's plain address.
        if (next === fallback) nextParams.delete('tab');
        else nextParams.set('tab', next);
        return nextParams;
      },
      { replace: true },
    );
  return [tab, setTab];
}
