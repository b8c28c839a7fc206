import { spawnSync } from 'node:child_process';

// The Python that runs Authlib, the stock OAuth client of the guide's Python example. .ci/run
// installs Debian's python3-authlib and python3-requests when they are missing; they go to
// /usr/bin/python3, which need not be the python3 a PATH finds first.

const CANDIDATES = [process.env.PYTHON ?? 'python3', '/usr/bin/python3'];

function find(): { python: string; skip: false } | { python: undefined; skip: string } {
  let anyPython = false;
  for (const python of CANDIDATES) {
    const probe = spawnSync(python, ['-c', 'import authlib, requests'], { stdio: 'ignore' });
    if (probe.error) continue;
    anyPython = true;
    if (probe.status === 0) return { python, skip: false };
  }
  return {
    python: undefined,
    skip: anyPython
      ? 'Authlib suites skipped: python3 has no authlib or requests (apt-get install python3-authlib python3-requests)'
      : 'Authlib suites skipped: no python3 (apt-get install python3 python3-authlib python3-requests)',
  };
}

/** A python3 that imports authlib and requests; or, when there is none, why the suites that need one are skipped. */
export const PYTHON_WITH_AUTHLIB = find();
