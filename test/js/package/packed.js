// The npm package as users get it: `make wasm bundles` (what prepack does),
// `npm pack` of the repository, and the tarball installed into a project
// folder (offline: the package has no runtime dependencies).  Used by
// package.test.js and bundler.test.js, so that both test what is published,
// not the repository's own files.
import { execFileSync, spawnSync } from 'node:child_process';
import { join } from 'node:path';

import { repoRoot } from '../lib/shared.js';

/** Run a command; its stdout (with `withStderr`, stdout and stderr: workerd logs on stderr). */
export const run = (cmd, args, cwd, timeout = 120_000, env = {}, withStderr = false) => {
  try {
    const options = { cwd, encoding: 'utf8', timeout, stdio: ['ignore', 'pipe', 'pipe'],
      env: { ...process.env, npm_config_update_notifier: 'false', npm_config_fund: 'false', npm_config_audit: 'false', ...env } };
    if (!withStderr) return execFileSync(cmd, args, options);
    const r = spawnSync(cmd, args, options);
    if (r.status !== 0) throw Object.assign(new Error(`exit ${r.status}`), { stdout: r.stdout, stderr: r.stderr });
    return r.stdout + r.stderr;
  } catch (e) {
    throw new Error(`${cmd} ${args.join(' ')} failed (in ${cwd}):\n${e.stdout ?? ''}${e.stderr ?? e.message}`);
  }
};

/**
 * Packs the repository into `dir` and installs the tarball into `project`
 * (a folder with a package.json); returns npm pack's --json entry.
 */
export function installPacked(dir, project) {
  // Up to date after `make all`, so usually a no-op.
  run('make', ['--no-print-directory', 'wasm', 'bundles'], repoRoot, 600_000);
  // --ignore-scripts: prepack already done above (and no rebuild races).
  const [pack] = JSON.parse(run('npm', ['pack', '--json', '--ignore-scripts', '--pack-destination', dir], repoRoot));
  run('npm', ['install', join(dir, pack.filename), '--offline', '--no-audit', '--no-fund', '--no-package-lock', '--loglevel=error'], project);
  return pack;
}
