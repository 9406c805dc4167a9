// REST rows of the operations area: the backups' state (the archive's download is
// http/backups.ts, a file rather than JSON).
import { on, type RestRoute } from './row';

export const operationRows: RestRoute[] = [on('GET /admin/backups', 'operations.backupStatus')];
