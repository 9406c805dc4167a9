// The open tab of a page kept in the URL (?tab=payment), so a reload or a shared link reopens it.
import { useSearchParams } from 'wouter';

export function useTabParam<T extends string>(
  tabs: readonly T[],
  fallback: T,
): [T, (next: string) => void] {
  const [params, setParams] = useSearchParams();
  const asked = params.get('tab');
  const tab = tabs.find((t) => t === asked) ?? fallback;
  const setTab = (next: string) =>
    setParams(
      (prev) => {
        const nextParams = new URLSearchParams(prev);
        // The first tab is the page's plain address.
        if (next === fallback) nextParams.delete('tab');
        else nextParams.set('tab', next);
        return nextParams;
      },
      { replace: true },
    );
  return [tab, setTab];
}
