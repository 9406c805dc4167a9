// The admin area is a roof: it reads the other areas (figures for the dashboards) and removes the
// demo data, and no area imports it. The audit log and the settings it once held sit below the
// areas, in domain/audit and domain/settings.
export { adminStats, memberAnalytics, memberDashboard, tierBreakdown, SIGNUP_DAYS } from './stats';
export { previewDemoRemoval, recordDemoRows, removeDemoData } from './demoData';
export { DEMO_NO_PASSWORD } from './demoPlan';
export { changePlanAsStaff } from './staffPlans';
