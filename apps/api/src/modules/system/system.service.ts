import { readFileSync } from 'node:fs';
import { join } from 'node:path';

/** Build information for /version.json: the configured id, else the checkout's git sha, else 'dev'. */
export function readGitSha(repoRoot: string): string | null {
  try {
    const gitDir = join(repoRoot, '.git');
    const head = readFileSync(join(gitDir, 'HEAD'), 'utf8').trim();
    if (!head.startsWith('ref: ')) return /^[0-9a-f]{40}$/.test(head) ? head : null;
    const ref = head.slice(5);
    try {
      return readFileSync(join(gitDir, ref), 'utf8').trim();
    } catch {
      const packed = readFileSync(join(gitDir, 'packed-refs'), 'utf8');
      const line = packed.split('\n').find((l) => l.endsWith(` ${ref}`));
      return line ? (line.split(' ')[0] ?? null) : null;
    }
  } catch {
    return null;
  }
}

export function buildInfo(opts: { version: string; buildSha: string | undefined; repoRoot: string }) {
  const sha = opts.buildSha ?? readGitSha(opts.repoRoot);
  return { version: opts.version, build: sha ? sha.slice(0, 12) : 'dev' };
}
