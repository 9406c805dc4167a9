// A list page's 'Refresh' in its header: asks the server again, spinning while it does.
import { Button } from '@chakra-ui/react';
import { RefreshCw } from 'lucide-react';

export function RefreshButton({ onRefresh, busy }: { onRefresh: () => void; busy: boolean }) {
  return (
    <Button variant="outline" onClick={onRefresh} loading={busy}>
      <RefreshCw size={16} aria-hidden /> Refresh
    </Button>
  );
}
