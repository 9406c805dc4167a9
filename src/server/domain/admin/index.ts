// What other areas may use of admin: the audit log and the platform and payment settings.
export { writeAudit, type Actor } from './audit';
export { getPaymentConfig, getPlatformSettings } from './settings';
