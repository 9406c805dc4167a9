// Writes a user returned by a mutation into the cached auth.me, so every screen shows it at once.
import type { TUser } from '../../shared/schemas/auth';
import { trpc } from './trpc';

export function useSetMe() {
  const utils = trpc.useUtils();
  return (user: TUser) => utils.auth.me.setData(undefined, user);
}
