// The tables the code queries, from the schema of the engine this process runs on: the SQLite
// tables by default, their PostgreSQL twins when DATABASE_URL is set (one process talks to one
// engine). schema.pg.ts is generated from schema.sqlite.ts (scripts/generate-pg-schema.ts), and
// services are typed once, against the SQLite tables: on PostgreSQL they get PostgreSQL's tables
// through engineView.ts, which checks that every table's rows have the same types on both.
import * as sqlite from './schema.sqlite';
import { pgTablesForServices } from './engineView';
import { dialect } from './dialectChoice';

const chosen = dialect === 'pg' ? pgTablesForServices : sqlite;

export const PAYOUT_METHODS = sqlite.PAYOUT_METHODS;
export const users = chosen.users;
export const sessions = chosen.sessions;
export const settings = chosen.settings;
export const payoutMethods = chosen.payoutMethods;
export const uploads = chosen.uploads;
export const auditLog = chosen.auditLog;
export const contests = chosen.contests;
export const contestParticipants = chosen.contestParticipants;
export const participantExits = chosen.participantExits;
export const scoreHistory = chosen.scoreHistory;
export const rankBuckets = chosen.rankBuckets;
export const paymentProofs = chosen.paymentProofs;
export const contestResults = chosen.contestResults;
export const payouts = chosen.payouts;
export const certificates = chosen.certificates;
export const educationContent = chosen.educationContent;
export const educationSaved = chosen.educationSaved;
export const liveChannels = chosen.liveChannels;
export const importJobs = chosen.importJobs;
export const demoRows = chosen.demoRows;
export const userIdentities = chosen.userIdentities;
export const mailOutbox = chosen.mailOutbox;
export const accountTokens = chosen.accountTokens;
export const twoFactor = chosen.twoFactor;
export const recoveryCodes = chosen.recoveryCodes;
export const pendingSignIns = chosen.pendingSignIns;
export const notifications = chosen.notifications;
export const notificationPreferences = chosen.notificationPreferences;
export const bracketStages = chosen.bracketStages;
export const bracketGroups = chosen.bracketGroups;
export const bracketRounds = chosen.bracketRounds;
export const bracketMatches = chosen.bracketMatches;
export const teams = chosen.teams;
export const teamMembers = chosen.teamMembers;
export const contestEvaluations = chosen.contestEvaluations;
export const submissions = chosen.submissions;
export const discussionTopics = chosen.discussionTopics;
export const discussionPosts = chosen.discussionPosts;
export const discussionPostEdits = chosen.discussionPostEdits;
export const discussionUpvotes = chosen.discussionUpvotes;
export const discussionFollows = chosen.discussionFollows;
export const discussionBars = chosen.discussionBars;
export const discussionReports = chosen.discussionReports;
export const contestTradingRules = chosen.contestTradingRules;
export const tradingStatements = chosen.tradingStatements;
export const tradingOwnershipCodes = chosen.tradingOwnershipCodes;
