// `npm run admin -- <command>`: recovery and administration from the server's own machine, on the
// database the server uses (DATABASE_URL or DATABASE_PATH, from the environment or .env). Each
// command is audited as done by 'console'.
//   reset-password USER       prints a temporary password, to be changed at the next sign-in;
//                             ends the account's sessions
//   create-admin USER EMAIL   a new admin with a temporary password (printed once)
//   unlock USER               clears the account's sign-in lock-outs
//   list-admins               the admin accounts
//   end-sessions USER         signs the account out everywhere
//   reset-2fa USER            turns the account's two-factor sign-in off; ends its sessions
import fs from 'node:fs';
import { closeDatabase, openConfiguredDatabase, type DB } from '../src/server/platform/db/client';
import { parseEnv } from '../src/server/platform/env';
import { createLimits, limitStoreFor } from '../src/server/platform/limits';
import { AppError } from '../src/server/platform/errors';
import { createPasswordHasher } from '../src/server/domain/accounts/passwords';
import {
  createAdmin,
  endSessions,
  listAdmins,
  resetPassword,
  resetTwoFactorOf,
  unlock,
} from '../src/server/domain/accounts/console';

const USAGE = `Usage: npm run admin -- <command>
  reset-password USER       new temporary password (changed at next sign-in), sessions ended
  create-admin USER EMAIL   new admin with a temporary password
  unlock USER               clear the account's sign-in lock-outs
  list-admins               list the admin accounts
  end-sessions USER         sign the account out everywhere
  reset-2fa USER            turn the account's two-factor sign-in off, sessions ended`;

function usage(message?: string): never {
  if (message) console.error(message);
  console.error(USAGE);
  process.exit(2);
}

async function run(db: DB, [command, ...args]: string[]): Promise<void> {
  const passwords = createPasswordHasher();
  const need = (n: number) => {
    if (args.length !== n) usage(`${command} takes ${n} argument(s)`);
  };
  switch (command) {
    case 'reset-password': {
      need(1);
      const { username, password } = await resetPassword(db, passwords, args[0]!);
      console.log(`Temporary password for ${username}: ${password}`);
      console.log('They must choose a new one at their next sign-in; their sessions have ended.');
      return;
    }
    case 'create-admin': {
      need(2);
      const { username, password } = await createAdmin(db, passwords, args[0]!, args[1]!);
      console.log(`Created admin ${username} with the temporary password: ${password}`);
      console.log('It must be changed at the first sign-in.');
      return;
    }
    case 'unlock': {
      need(1);
      // The lock-outs live in the database on both engines: the running server sees them go.
      const username = await unlock(db, createLimits({}, limitStoreFor(db)), args[0]!);
      console.log(`Cleared the sign-in lock-outs of ${username}.`);
      return;
    }
    case 'list-admins': {
      need(0);
      const admins = await listAdmins(db);
      if (!admins.length) console.log('No admin account.');
      for (const a of admins) {
        const last = a.lastLoginAt ? a.lastLoginAt.toISOString() : 'never';
        console.log(
          `${a.username}\t${a.email}\tcreated ${a.createdAt.toISOString()}\tlast sign-in ${last}`,
        );
      }
      return;
    }
    case 'end-sessions': {
      need(1);
      const { ended } = await endSessions(db, args[0]!);
      console.log(`Ended ${ended} session(s) of ${args[0]}.`);
      return;
    }
    case 'reset-2fa': {
      need(1);
      const username = await resetTwoFactorOf(db, args[0]!);
      console.log(`Two-factor sign-in of ${username} is off; their sessions have ended.`);
      console.log('They sign in with their password and can set it up again in Account Settings.');
      return;
    }
    default:
      usage(command ? `Unknown command: ${command}` : undefined);
  }
}

async function main() {
  if (fs.existsSync('.env')) process.loadEnvFile('.env');
  let env;
  try {
    env = parseEnv();
  } catch (error) {
    console.error((error as Error).message);
    process.exit(2);
  }
  const db = await openConfiguredDatabase({
    databaseUrl: env.DATABASE_URL,
    databasePath: env.DATABASE_PATH,
    poolSize: 2,
  }).catch((error: unknown) => {
    console.error((error as Error).message);
    process.exit(1);
  });
  try {
    await run(db, process.argv.slice(2));
  } catch (error) {
    // A refusal (no such account, a name taken, a weak input) is the operator's to read.
    if (error instanceof AppError) {
      console.error(error.message);
      process.exitCode = 1;
    } else throw error;
  } finally {
    await closeDatabase(db);
  }
}

void main();
