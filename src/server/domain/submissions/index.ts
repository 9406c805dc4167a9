// The submissions area (issue 31: submission contests): evaluation settings, answer keys,
// metrics, scoring jobs, boards. Other areas reach it only through this file.

export * from './metrics';
