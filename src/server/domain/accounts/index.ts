// What the layers above may use of accounts without reaching into its files: starting a session
// once a member has proven who they are.
export { signInOrAskCode, startSession, type SignInRequest } from './signIn';
