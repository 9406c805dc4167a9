// REST rows of the operations area: the backups' state (the archive's download is
// http/backups.ts, a file rather than JSON).
import { row, type RestRoute } from './row';

export const operationRows: RestRoute[] = [
  row({ method: 'get', procedure: 'operations.backupStatus', path: '/admin/backups' }),
];
