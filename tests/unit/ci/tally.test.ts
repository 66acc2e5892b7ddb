import { spawnSync } from 'node:child_process';
import { mkdtempSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';

const tally = path.resolve('.ci/tally.sh');

/** Runs `script` after sourcing the CI tally functions; returns the final `N passed, N failed` and step state. */
function run(script: string): { line: string; stepFailed: string } {
  const res = spawnSync('bash', ['-c', `source ${tally}\n${script}\necho "$passed passed, $failed failed"\necho "$step_failed"`], {
    encoding: 'utf8',
  });
  const [line, stepFailed] = res.stdout.trim().split('\n').slice(-2);
  return { line, stepFailed };
}

function log(text: string): string {
  const file = path.join(mkdtempSync(path.join(os.tmpdir(), 'tally-')), 'step.log');
  writeFileSync(file, text);
  return file;
}

describe('CI tally', () => {
  it('adds the summary lines of passing steps', () => {
    expect(run(`count ${log('x\n12 passed, 0 failed\n')} 0; count ${log('3 passed, 0 failed\n')} 0`)).toEqual({ line: '15 passed, 0 failed', stepFailed: '0' });
  });

  it('counts a step that failed before printing its summary as a failure', () => {
    expect(run(`count ${log('Error: cannot find module\n')} 1`)).toEqual({ line: '0 passed, 1 failed', stepFailed: '1' });
  });

  it('counts a failed step whose summary claims no failure as a failure', () => {
    expect(run(`count ${log('40 passed, 0 failed\n')} 2`)).toEqual({ line: '40 passed, 1 failed', stepFailed: '1' });
  });

  it('keeps the failures a step reports', () => {
    expect(run(`count ${log('40 passed, 3 failed\n')} 1`)).toEqual({ line: '40 passed, 3 failed', stepFailed: '1' });
  });

  it('counts a failing check as one failure and a passing one as one pass', () => {
    expect(run('check true >/dev/null; check false >/dev/null')).toEqual({ line: '1 passed, 1 failed', stepFailed: '1' });
  });
});
