import type { components } from "@tuesday/api-client";
import { infiniteQueryOptions } from "@tanstack/react-query";
import { useEffect, useState } from "react";
import { api, call, isApiFailure } from "../../api/client.ts";
import { storage } from "../../lib/storage.ts";
import { avatarSizeFor } from "../profile/model.ts";

export type DirectoryCard = components["schemas"]["DirectoryCard"];
export type DirectoryPage = components["schemas"]["DirectoryPage"];

export const PAGE_SIZE = 24;

export const directoryQueries = {
  /** Pages of the member list; `hasMore` decides whether "more participants" shows. */
  search: (communityId: string, search: string) =>
    infiniteQueryOptions({
      queryKey: ["directory", communityId, search, storage.token()],
      queryFn: ({ pageParam }) =>
        call(
          api.GET("/api/community/{id}/participants", {
            params: { path: { id: communityId }, query: { page: pageParam, size: PAGE_SIZE, ...(search ? { search } : {}) } },
          }),
        ),
      initialPageParam: 0,
      getNextPageParam: (last: DirectoryPage) => (last.hasMore ? last.page + 1 : undefined),
      retry: (count, err) => count < 1 && !(isApiFailure(err) && err.status < 500),
    }),
};

/** The avatar size for this window (spec 9's helper), updated when the window is resized. */
export function useAvatarSize(): "108" | "256" | "512" {
  const [size, setSize] = useState(() => avatarSizeFor(window.innerWidth));
  useEffect(() => {
    const onResize = () => setSize(avatarSizeFor(window.innerWidth));
    window.addEventListener("resize", onResize);
    return () => window.removeEventListener("resize", onResize);
  }, []);
  return size;
}

/** A value that settles `ms` after the last change (search as you type without a call per key). */
export function useDebounced<T>(value: T, ms: number): T {
  const [settled, setSettled] = useState(value);
  useEffect(() => {
    const timer = setTimeout(() => setSettled(value), ms);
    return () => clearTimeout(timer);
  }, [value, ms]);
  return settled;
}
