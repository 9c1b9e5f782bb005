/**
 * Calls `stop` once the process that started this one is gone. Playwright starts the test servers
 * and stops them when it ends; if Playwright itself is killed outright (a failed `npm test` stage
 * is stopped with SIGKILL after 15 s), they would be left running and hold their ports, and the
 * next run would fail at once with "port already used". Orphaned, a process gets a new parent.
 */
export function stopWithParent(stop: () => void): void {
  const parent = process.ppid;
  const timer = setInterval(() => {
    if (process.ppid === parent) return;
    clearInterval(timer);
    stop();
  }, 1_000);
  timer.unref();
}
