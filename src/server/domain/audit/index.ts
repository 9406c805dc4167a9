// The audit log, below every area: any area that changes something an admin must be able to
// trace writes its row here (and only the admin pages read it back).
export { writeAudit, listAudit, type Actor } from './audit';
