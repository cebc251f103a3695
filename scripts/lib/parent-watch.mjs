/**
 * Stops this process when the one that started it goes away without passing a signal on (npm
 * killed with SIGKILL, or ended by SIGHUP, which npm does not forward): the process is re-parented
 * at once, so its parent's id changes. Stopping means SIGTERM to itself, so the server's own
 * handler shuts it down gracefully. A check every quarter second costs next to nothing.
 */
export function stopWhenParentExits(intervalMs = 250) {
  const parent = process.ppid;
  // Started by init (or a container's PID 1): nothing to watch.
  if (parent <= 1) return;
  const timer = setInterval(() => {
    if (process.ppid === parent) return;
    clearInterval(timer);
    console.error(`[sawdust] the parent process (${parent}) exited: stopping`);
    process.kill(process.pid, "SIGTERM");
  }, intervalMs);
  timer.unref();
}
