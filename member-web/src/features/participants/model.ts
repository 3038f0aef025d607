import type { components } from "@tuesday/api-client";
import { infiniteQueryOptions, queryOptions } from "@tanstack/react-query";
import { useEffect, useState } from "react";
import { api, call, isApiFailure } from "../../api/client.ts";
import { storage } from "../../lib/storage.ts";
import { avatarSizeFor } from "../profile/model.ts";

export type DirectoryCard = components["schemas"]["DirectoryCard"];
export type DirectoryPage = components["schemas"]["DirectoryPage"];

export type DirectoryOptions = components["schemas"]["DirectoryOptions"];
export type LookingForValue = DirectoryOptions["lookingFor"][number]["value"];

export const PAGE_SIZE = 24;
/** How many of the community's most used tags the filter offers as chips. */
export const TOP_TAGS = 12;

/** The directory's filters, kept in the address (spec 2.1 /participants; the API's tag, city and lookingFor). */
export type DirectoryFilters = { search: string; tag?: string | undefined; city?: string | undefined; lookingFor?: LookingForValue | undefined };

export const LOOKING_FOR_VALUES: readonly LookingForValue[] = ["LOOKING_FOR", "CAN_HELP_WITH", "NEED_HELP_WITH", "MEET_NEW_PEOPLE", "OPEN_TO_ANY", "OTHER"];

export function isLookingFor(value: unknown): value is LookingForValue {
  return typeof value === "string" && (LOOKING_FOR_VALUES as readonly string[]).includes(value);
}

/** The filters an address's search names (anything else in it is left out). */
export function searchToFilters(search: Record<string, unknown>): DirectoryFilters {
  const text = (key: string) => (typeof search[key] === "string" && search[key] !== "" ? (search[key] as string) : undefined);
  const lookingFor = search.lookingFor;
  return { search: text("search") ?? "", tag: text("tag"), city: text("city"), lookingFor: isLookingFor(lookingFor) ? lookingFor : undefined };
}

/** The address's search part for these filters (empty ones left out). */
export function filtersToSearch(f: DirectoryFilters): Record<string, string> {
  const out: Record<string, string> = {};
  if (f.search) out.search = f.search;
  if (f.tag) out.tag = f.tag;
  if (f.city) out.city = f.city;
  if (f.lookingFor) out.lookingFor = f.lookingFor;
  return out;
}

export const directoryQueries = {
  /** Pages of the member list; `hasMore` decides whether "more participants" shows. */
  search: (communityId: string, filters: DirectoryFilters) =>
    infiniteQueryOptions({
      queryKey: ["directory", communityId, filtersToSearch(filters), storage.token()],
      queryFn: ({ pageParam }) =>
        call(
          api.GET("/api/community/{id}/participants", {
            params: { path: { id: communityId }, query: { page: pageParam, size: PAGE_SIZE, ...filtersToSearch(filters) } },
          }),
        ),
      initialPageParam: 0,
      getNextPageParam: (last: DirectoryPage) => (last.hasMore ? last.page + 1 : undefined),
      retry: (count, err) => count < 1 && !(isApiFailure(err) && err.status < 500),
    }),
  /** What the filters offer: shared cities and tags, most members first, and the lookingFor counts. */
  options: (communityId: string) =>
    queryOptions({
      queryKey: ["directory-options", communityId, storage.token()],
      queryFn: () => call(api.GET("/api/community/{id}/options", { params: { path: { id: communityId } } })),
      staleTime: 5 * 60_000,
      retry: false,
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
