import { readFileSync } from "node:fs";

/**
 * Whether a process is running: it exists and, on Linux, is not a zombie. A postmaster orphaned by
 * a `kill -9` of its server belongs to PID 1 once it exits, and stays a zombie until PID 1 reaps
 * it, which some inits (a CI VM's) do only now and then; signal 0 still reaches a zombie.
 */
export function processAlive(pid: number): boolean {
  try {
    process.kill(pid, 0);
  } catch {
    return false;
  }
  if (process.platform !== "linux") return true;
  try {
    const stat = readFileSync(`/proc/${pid}/stat`, "utf8");
    return stat[stat.lastIndexOf(")") + 2] !== "Z";
  } catch {
    return false;
  }
}
