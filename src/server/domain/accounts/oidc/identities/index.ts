// Identities at OpenID providers and the members they belong to: who a provider's answer signs
// in, the account a first sign-in creates, linking (by a signed-in member, or confirmed with the
// password of the account whose verified e-mail the provider vouches for), unlinking without
// ever removing a member's last way in, and a first password for an account that has none.
// One file per part; this is their door.
export { type OidcClaims, type ProviderRef, usernameOf } from './rows';
export { type SignInResolution, createMemberFromIdentity, resolveSignIn } from './firstSignIn';
export { confirmLinkWithPassword, linkToMember } from './linking';
export { listSignInMethods, setFirstPassword, unlinkIdentity } from './signInMethods';
