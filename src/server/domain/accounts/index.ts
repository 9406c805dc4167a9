// What the layers above may use of accounts without reaching into its files: starting a session
// once a member has proven who they are; a user as the admin list shows them (staff's plan
// changes answer with it).
export { signInOrAskCode, startSession, type SignInRequest } from './signIn';
export { findAdminUser } from './adminUsers';
