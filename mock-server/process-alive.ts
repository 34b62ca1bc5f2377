/**
 * Whether a process of this pid runs (one of another user's answers EPERM, and is alive too). A zombie,
 * killed but not yet reaped by its parent, still answers a signal: on Linux its /proc state `Z` says it is gone.
 */
export function isAlive(pid: number): boolean {
  try {
    process.kill(pid, 0);
  } catch (error) {
    return (error as NodeJS.ErrnoException).code === 'EPERM';
  }
  return !isZombie(pid);
}

function isZombie(pid: number): boolean {
  const fs = (globalThis as { process?: { getBuiltinModule?: (id: string) => unknown } }).process?.getBuiltinModule?.('node:fs') as
    | typeof import('node:fs')
    | undefined;
  try {
    const stat = fs?.readFileSync(`/proc/${pid}/stat`, 'utf8');
    // The state follows the command name in parentheses, which may itself hold spaces or parentheses.
    return stat ? stat.slice(stat.lastIndexOf(')') + 2, stat.lastIndexOf(')') + 3) === 'Z' : false;
  } catch {
    return false;
  }
}
