import { randomBytes } from 'node:crypto';
import type { AppContext } from '../platform/context.js';
import { AppError } from '../platform/errors.js';
import { checkSuperuserNames, createSuperuser } from '../modules/users/superuser.js';

/** Where the password may come from, so the command stays scriptable (CI, containers) and never echoes it. */
export const SUPERUSER_PASSWORD_ENV = 'LECTERN_SUPERUSER_PASSWORD';

export const CREATE_SUPERUSER_USAGE =
  `Usage: npm run createsuperuser -- --username <name> --email <address>\n` +
  `The password comes from ${SUPERUSER_PASSWORD_ENV}, else from a prompt (when run in a terminal), else it is generated and printed.`;

export interface CommandIo {
  env: Record<string, string | undefined>;
  /** Whether a person can type a password (stdin is a terminal). */
  interactive: boolean;
  /** Asks for a line without echoing it. */
  promptHidden(question: string): Promise<string>;
  out(line: string): void;
  err(line: string): void;
}

/** `--name value` and `--name=value`; anything else is refused by name. */
export function parseSuperuserArgs(args: string[]): { username: string; email: string } {
  const values: Record<string, string> = {};
  for (let i = 0; i < args.length; i++) {
    const arg = args[i]!;
    const match = /^--(username|email)(?:=(.*))?$/.exec(arg);
    if (!match) throw new Error(`Unknown argument "${arg}".`);
    const value = match[2] ?? args[++i];
    if (value === undefined) throw new Error(`--${match[1]} needs a value.`);
    values[match[1]!] = value;
  }
  const missing = ['username', 'email'].filter((name) => !values[name]);
  if (missing.length) throw new Error(`Missing ${missing.map((m) => `--${m}`).join(' and ')}.`);
  return { username: values.username!, email: values.email! };
}

async function choosePassword(io: CommandIo): Promise<{ password: string; generated: boolean }> {
  const fromEnv = io.env[SUPERUSER_PASSWORD_ENV];
  if (fromEnv) return { password: fromEnv, generated: false };
  if (io.interactive) {
    const password = await io.promptHidden('Password: ');
    const again = await io.promptHidden('Password (again): ');
    if (password !== again) throw new Error('The two passwords do not match.');
    return { password, generated: false };
  }
  return { password: randomBytes(18).toString('base64url'), generated: true };
}

/** A refusal the operator can act on: the field and the rule, without a stack trace. */
function describe(err: unknown): string {
  if (err instanceof AppError) return err.fields ? Object.entries(err.fields).map(([f, m]) => `${f}: ${m}`).join('\n') : err.message;
  return err instanceof Error ? err.message : String(err);
}

/** Creates a superuser; returns the exit code (0 done, 1 refused, 2 bad arguments). */
export async function runCreateSuperuser(ctx: AppContext, args: string[], io: CommandIo): Promise<number> {
  let names;
  try {
    names = parseSuperuserArgs(args);
  } catch (err) {
    io.err(`${describe(err)}\n${CREATE_SUPERUSER_USAGE}`);
    return 2;
  }
  try {
    // Names first, so a taken username is refused before anyone types a password.
    names = await checkSuperuserNames(ctx, names);
    const { password, generated } = await choosePassword(io);
    const user = await createSuperuser(ctx, { ...names, password });
    io.out(`Superuser "${user.username}" created. Sign in at ${ctx.config.publicUrl}/login.`);
    if (generated) io.out(`Its password (shown only now): ${password}`);
    return 0;
  } catch (err) {
    io.err(`Superuser not created. ${describe(err)}`);
    return 1;
  }
}
