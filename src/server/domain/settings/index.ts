// Platform and payment settings, below every area: areas read them where a rule depends on a
// setting; only the admin pages (and the seed) save them.
export {
  getPaymentConfig,
  getPlatformSettings,
  savePaymentConfig,
  savePlatformSettings,
  storePlatformSettings,
  updatePaymentConfig,
  updatePlatformSettings,
} from './settings';
