/** Whether a process of this pid runs (one of another user's answers EPERM, and is alive too); imports nothing, so any entry may use it. */
export function isAlive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    return (error as NodeJS.ErrnoException).code === 'EPERM';
  }
}
