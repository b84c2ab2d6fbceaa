// A command line run by bash (pipefail) in a directory with an environment, as a user's shell would.
import { spawn } from 'node:child_process';

export function sh(
  command: string,
  cwd: string,
  env: Record<string, string>,
): Promise<{ code: number | null; stdout: string; stderr: string }> {
  return new Promise((resolve) => {
    const child = spawn('bash', ['-o', 'pipefail', '-c', command], { cwd, env });
    let stdout = '';
    let stderr = '';
    child.stdout.on('data', (c) => (stdout += c));
    child.stderr.on('data', (c) => (stderr += c));
    child.stdin.end();
    child.on('close', (code) => resolve({ code, stdout, stderr }));
  });
}
