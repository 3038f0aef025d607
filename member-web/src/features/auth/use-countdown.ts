import { useEffect, useState } from "react";

/** Seconds left until `from + seconds`, ticking once a second; 0 when there is nothing to wait for. */
export function useCountdown(from: number | null, seconds: number): number {
  const left = () => (from === null ? 0 : Math.max(0, Math.ceil((from + seconds * 1000 - Date.now()) / 1000)));
  const [remaining, setRemaining] = useState(left);
  // biome-ignore lint/correctness/useExhaustiveDependencies: `left` reads only from and seconds
  useEffect(() => {
    setRemaining(left());
    if (from === null) return;
    const timer = setInterval(() => {
      const next = left();
      setRemaining(next);
      if (next === 0) clearInterval(timer);
    }, 250);
    return () => clearInterval(timer);
  }, [from, seconds]);
  return remaining;
}

/** The countdown as the spec shows it: 00:SS (minutes too, should it ever exceed a minute). */
export function formatCountdown(secondsLeft: number): string {
  const pad = (n: number) => String(n).padStart(2, "0");
  return `${pad(Math.floor(secondsLeft / 60))}:${pad(secondsLeft % 60)}`;
}
