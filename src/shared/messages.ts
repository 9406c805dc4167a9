// User-facing texts that both sides must agree on (SPEC 5, 8; PRODUCT.md).
export const MSG = {
  invalidCredentials: 'Invalid username or password',
  suspended: 'Your account has been suspended',
  registrationDisabled: 'Registration is currently disabled',
  maintenance: 'The platform is under maintenance. Please try again later.',
  usernameTaken: 'Username already exists',
  emailTaken: 'Email already in use',
  notSignedIn: 'You must be signed in',
  forbidden: 'You do not have permission to do this',
  tooManyAttempts: 'Too many failed sign-in attempts. Please try again later.',
  passwordsDoNotMatch: 'Passwords do not match',
} as const;
