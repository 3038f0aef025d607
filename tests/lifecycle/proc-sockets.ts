import fs from "node:fs";

/**
 * Which of `pids` owns the TCP connection whose local end is 127.0.0.1:`localPort` (Linux /proc):
 * the socket's inode from /proc/net/tcp, then the process holding a descriptor on it. Lets a test
 * that serves SMTP name the server process sending a given message.
 */
export function ownerOfLocalPort(localPort: number, pids: number[]): number | undefined {
  const hex = `:${localPort.toString(16).toUpperCase().padStart(4, "0")}`;
  let inode: string | undefined;
  for (const table of ["/proc/net/tcp", "/proc/net/tcp6"]) {
    const lines = fs.existsSync(table) ? fs.readFileSync(table, "utf8").split("\n").slice(1) : [];
    for (const line of lines) {
      const cols = line.trim().split(/\s+/);
      if (cols[1]?.endsWith(hex) && cols[9] && cols[9] !== "0") inode = cols[9];
    }
  }
  if (!inode) return undefined;
  const target = `socket:[${inode}]`;
  for (const pid of pids) {
    let fds: string[] = [];
    try {
      fds = fs.readdirSync(`/proc/${pid}/fd`);
    } catch {
      continue;
    }
    for (const fd of fds) {
      try {
        if (fs.readlinkSync(`/proc/${pid}/fd/${fd}`) === target) return pid;
      } catch {
        // closed meanwhile
      }
    }
  }
  return undefined;
}
