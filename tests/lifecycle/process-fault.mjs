/**
 * Preloaded into a server child process (`node --import`) by tests/api/error-reporting.test.ts: a
 * fault outside any request or job, on signal. The first SIGUSR2 leaves a rejected promise nobody
 * awaits; the second throws from a timer.
 */
let signals = 0;
process.on("SIGUSR2", () => {
  signals += 1;
  if (signals === 1) {
    void Promise.reject(new Error("process probe: a promise nobody awaited"));
  } else {
    setTimeout(() => {
      throw new Error("process probe: a timer threw");
    }, 0);
  }
});
