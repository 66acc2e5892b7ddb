import { describe, expect, it } from 'vitest';
import { runCreateSuperuser, SUPERUSER_PASSWORD_ENV, type CommandIo } from '../../../src/server/commands/create-superuser.js';
import { logStartupNotices } from '../../../src/server/commands/startup-notices.js';
import { createTestApp, type TestApp } from '../helpers/app.js';

/** The command's terminal: what it printed, and the answers a person would type (none unless given). */
function terminal(options: { env?: Record<string, string>; typed?: string[] } = {}) {
  const out: string[] = [];
  const err: string[] = [];
  const prompts: string[] = [];
  const typed = [...(options.typed ?? [])];
  const io: CommandIo = {
    env: options.env ?? {},
    interactive: options.typed !== undefined,
    promptHidden: async (question) => {
      prompts.push(question);
      const answer = typed.shift();
      if (answer === undefined) throw new Error('no more input');
      return answer;
    },
    out: (line) => out.push(line),
    err: (line) => err.push(line),
  };
  return { io, out, err, prompts };
}

const login = (t: TestApp, username: string, password: string) => t.api('POST', '/rest-auth/login/', { body: { username, password } });
const args = (username: string, email: string) => ['--username', username, '--email', email];

describe('createsuperuser', () => {
  it('creates a superuser with the password from LECTERN_SUPERUSER_PASSWORD', async () => {
    const t = await createTestApp();
    const term = terminal({ env: { [SUPERUSER_PASSWORD_ENV]: 'a long chosen passphrase' } });
    expect(await runCreateSuperuser(t.app.ctx, args('chief', 'Chief@Lectern.dev'), term.io)).toBe(0);
    expect(term.out.join('\n')).toContain('Superuser "chief" created');
    expect(term.out.join('\n')).not.toContain('a long chosen passphrase');
    const res = await login(t, 'chief', 'a long chosen passphrase');
    expect(res.statusCode).toBe(200);
    expect(res.json().user).toMatchObject({ username: 'chief', email: 'chief@lectern.dev', email_verified: true, role: 'superuser', is_staff: true });
  });

  it('refuses a taken username (in any case) before asking for a password', async () => {
    const t = await createTestApp();
    expect(await runCreateSuperuser(t.app.ctx, args('owner', 'owner@lectern.dev'), terminal({ env: { [SUPERUSER_PASSWORD_ENV]: 'first passphrase' } }).io)).toBe(0);
    const term = terminal({ typed: [] });
    expect(await runCreateSuperuser(t.app.ctx, args('Owner', 'other@lectern.dev'), term.io)).toBe(1);
    expect(term.err).toEqual(['Superuser not created. username: A user with that username already exists.']);
    expect(term.prompts).toEqual([]);
    const taken = terminal({ env: { [SUPERUSER_PASSWORD_ENV]: 'second passphrase' } });
    expect(await runCreateSuperuser(t.app.ctx, args('owner2', 'OWNER@lectern.dev'), taken.io)).toBe(1);
    expect(taken.err[0]).toContain('email: A user is already registered with this e-mail address.');
  });

  it('asks twice without echo in a terminal, and refuses answers that differ', async () => {
    const t = await createTestApp();
    const term = terminal({ typed: ['typed in a terminal', 'typed in a terminal'] });
    expect(await runCreateSuperuser(t.app.ctx, args('typist', 'typist@lectern.dev'), term.io)).toBe(0);
    expect(term.prompts).toEqual(['Password: ', 'Password (again): ']);
    expect((await login(t, 'typist', 'typed in a terminal')).statusCode).toBe(200);

    const differ = terminal({ typed: ['one passphrase here', 'another passphrase'] });
    expect(await runCreateSuperuser(t.app.ctx, args('typist2', 'typist2@lectern.dev'), differ.io)).toBe(1);
    expect(differ.err[0]).toContain('The two passwords do not match.');
  });

  it('generates and prints a password when there is neither the variable nor a terminal', async () => {
    const t = await createTestApp();
    const term = terminal();
    expect(await runCreateSuperuser(t.app.ctx, args('robot', 'robot@lectern.dev'), term.io)).toBe(0);
    const password = /password \(shown only now\): (\S+)$/.exec(term.out.join('\n'))?.[1] ?? '';
    expect(password).toMatch(/^[\w-]{24}$/);
    expect((await login(t, 'robot', password)).statusCode).toBe(200);
  });

  it('applies the sign-up rules, naming the field', async () => {
    const t = await createTestApp();
    const cases: [string[], string, string][] = [
      [args('x', 'x@lectern.dev'), 'chosen passphrase', 'username: Use at least 2 characters.'],
      [args('a@b', 'ab@lectern.dev'), 'chosen passphrase', 'username: Use letters, digits'],
      [args('mailless', 'not-an-address'), 'chosen passphrase', 'email: Enter a valid e-mail address.'],
      [args('tester', 'tester@site.test'), 'chosen passphrase', 'email: Use an e-mail address that can receive mail.'],
      [args('shorty', 'shorty@lectern.dev'), 'short1', 'password: This password is too short.'],
      [args('digits', 'digits@lectern.dev'), '1234567890', 'password: This password is entirely numeric.'],
      [args('samename', 'samename@lectern.dev'), 'samename', 'password: The password is too similar'],
    ];
    for (const [argv, password, message] of cases) {
      const term = terminal({ env: { [SUPERUSER_PASSWORD_ENV]: password } });
      expect(await runCreateSuperuser(t.app.ctx, argv, term.io), argv.join(' ')).toBe(1);
      expect(term.err[0], argv.join(' ')).toContain(message);
    }
    const users = await t.db.kysely.selectFrom('users').select('id').execute();
    expect(users).toEqual([]);
  });

  it('refuses missing or unknown arguments with the usage (exit 2)', async () => {
    const t = await createTestApp();
    for (const argv of [['--username', 'solo'], ['--username', 'solo', '--email'], ['--username=solo', '--email=solo@lectern.dev', '--password', 'x']]) {
      const term = terminal({ env: { [SUPERUSER_PASSWORD_ENV]: 'chosen passphrase' } });
      expect(await runCreateSuperuser(t.app.ctx, argv, term.io), argv.join(' ')).toBe(2);
      expect(term.err[0]).toContain('Usage: npm run createsuperuser -- --username <name> --email <address>');
    }
    const term = terminal({ env: { [SUPERUSER_PASSWORD_ENV]: 'chosen passphrase' } });
    expect(await runCreateSuperuser(t.app.ctx, ['--username=solo', '--email=solo@lectern.dev'], term.io)).toBe(0);
  });
});

describe('start-up notices', () => {
  const recorder = () => {
    const lines: string[] = [];
    return { lines, log: { info: (m: string) => lines.push(`info ${m}`), warn: (m: string) => lines.push(`warn ${m}`) } };
  };

  it('say how to create a staff account while there is none, and stop once there is', async () => {
    const t = await createTestApp();
    const before = recorder();
    await logStartupNotices(t.app.ctx, before.log, null);
    expect(before.lines).toEqual(['warn No staff account yet. Create one with: npm run createsuperuser -- --username <name> --email <address>']);
    await runCreateSuperuser(t.app.ctx, args('admin', 'admin@lectern.dev'), terminal().io);
    const after = recorder();
    await logStartupNotices(t.app.ctx, after.log, null);
    expect(after.lines).toEqual([]);
  });

  it('show the demo passwords once and the mailbox address in demo mode', async () => {
    const t = await createTestApp({ demoMode: true });
    const notices = recorder();
    const seeded = { accounts: [{ username: 'editor', password: 'pw-editor-123456', role: 'staff' as const }], file: '/data/demo-credentials.txt' };
    await logStartupNotices(t.app.ctx, notices.log, seeded);
    expect(notices.lines[0]).toBe('info Demo accounts: editor / pw-editor-123456 (staff). They are not shown again; they are kept in /data/demo-credentials.txt.');
    expect(notices.lines[1]).toBe(`info Demo mailbox (mail and SMS this site would have sent): http://lectern.test/dev/mailbox/${t.config.devMailboxSecret}`);
  });
});
