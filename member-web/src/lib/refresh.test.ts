/**
 * readAgain against TanStack Query itself: a list whose first read is in flight when a write lands
 * must end up showing what the server holds after the write.
 */
import { QueryClient, QueryObserver } from "@tanstack/react-query";
import { describe, expect, it } from "vitest";
import { readAgain } from "./refresh.ts";

/** A server whose answers take `ms`, read at the moment a request arrives (as a database would). */
function slowServer(ms: number) {
  const state = { status: "pending" };
  const read = () => {
    const answer = state.status;
    return new Promise<string>((resolve) => setTimeout(() => resolve(answer), ms));
  };
  return { state, read };
}

async function afterWrite(refresh: (queryClient: QueryClient) => Promise<void>): Promise<string | undefined> {
  const queryClient = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  const server = slowServer(50);
  // An active query (a screen shows it) whose first read has begun and not answered.
  const observer = new QueryObserver(queryClient, { queryKey: ["participants", { q: "ann" }], queryFn: server.read });
  const unsubscribe = observer.subscribe(() => {});
  await new Promise((r) => setTimeout(r, 10));
  expect(observer.getCurrentResult().fetchStatus).toBe("fetching");
  // The write lands while that read is in flight, then the screen refreshes.
  server.state.status = "rejected";
  await refresh(queryClient);
  await new Promise((r) => setTimeout(r, 120));
  const data = observer.getCurrentResult().data;
  unsubscribe();
  queryClient.clear();
  return data;
}

describe("readAgain", () => {
  it("shows what the server holds after a write even when the list's first read began before it", async () => {
    expect(await afterWrite((queryClient) => readAgain(queryClient, { queryKey: ["participants"] }))).toBe("rejected");
  });

  it("is needed: invalidating alone keeps the read begun before the write as the answer", async () => {
    expect(await afterWrite((queryClient) => queryClient.invalidateQueries({ queryKey: ["participants"] }))).toBe("pending");
  });
});
