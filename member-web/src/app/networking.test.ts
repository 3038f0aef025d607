import { describe, expect, it } from "vitest";
import { buildNavItems } from "../features/shell/nav-items.ts";
import { parseGeoAnswer } from "./geo-lookup.ts";
import { isNetworkingPath, networkingOn } from "./networking.ts";

const participant = (communityId: string, networkingEnabled: boolean) => ({
  id: "00000000-0000-4000-8000-000000000001",
  communityId,
  role: "member" as const,
  moderationStatus: "confirmed" as const,
  profileCompleted: true,
  networkingEnabled,
});

describe("networking off for the member (spec 2.4)", () => {
  it("follows this community's participant, and the account switch", () => {
    expect(networkingOn({ enabled: true, role: "ROLE_USER", connectedParticipants: [participant("alpha", false), participant("beta", true)] }, "alpha")).toBe(false);
    expect(networkingOn({ enabled: true, role: "ROLE_USER", connectedParticipants: [participant("alpha", false), participant("beta", true)] }, "beta")).toBe(true);
    expect(networkingOn({ enabled: false, role: "ROLE_USER", connectedParticipants: [participant("alpha", true)] }, "alpha")).toBe(false);
    // An admin's switched-off account keeps its screens (spec 4.1); its participant's switch still counts.
    expect(networkingOn({ enabled: false, role: "ROLE_ADMIN", connectedParticipants: [participant("alpha", true)] }, "alpha")).toBe(true);
    expect(networkingOn({ enabled: false, role: "ROLE_ADMIN", connectedParticipants: [participant("alpha", false)] }, "alpha")).toBe(false);
    expect(networkingOn({ enabled: true, role: "ROLE_USER", connectedParticipants: [] }, "alpha")).toBe(true);
    expect(networkingOn(undefined, "alpha")).toBe(true);
  });

  it("leaves the profile in the bar (and the console for staff); the networking pages redirect", () => {
    const base = { navigation: null, transparent: true, networkingEnabled: false } as const;
    expect(buildNavItems({ ...base, isAdmin: false }).map((i) => i.href)).toEqual(["/profile"]);
    expect(buildNavItems({ ...base, isAdmin: true }).map((i) => i.href)).toEqual(["/profile", "/console/"]);
    for (const path of ["/my_communities", "/participants", "/contacts/bookmarks", "/events", "/event/x", "/chats/abc", "/chats/"]) expect(isNetworkingPath(path)).toBe(true);
    for (const path of ["/profile", "/notifications", "/settings", "/subscriptions"]) expect(isNetworkingPath(path)).toBe(false);
  });
});

describe("the geolocation lookup's answer", () => {
  it("reads a bare country code and the JSON shapes of the common services", () => {
    expect(parseGeoAnswer(" de\\n".replace("\\n", "\n"))).toEqual({ country: "DE", city: null, latitude: null, longitude: null });
    expect(parseGeoAnswer(JSON.stringify({ country_code: "RS", city: "Novi Sad", latitude: 45.25, longitude: 19.84 }))).toEqual({
      country: "RS",
      city: "Novi Sad",
      latitude: 45.25,
      longitude: 19.84,
    });
    expect(parseGeoAnswer(JSON.stringify({ countryCode: "ge", city: "Tbilisi", lat: "41.7", lon: "44.8" }))).toEqual({ country: "GE", city: "Tbilisi", latitude: 41.7, longitude: 44.8 });
  });

  it("gives nothing for an unreadable answer, and no point without both coordinates", () => {
    expect(parseGeoAnswer("<html>busy</html>")).toBeNull();
    expect(parseGeoAnswer("{}")).toBeNull();
    expect(parseGeoAnswer(JSON.stringify({ city: "Porto", latitude: 41.1 }))).toEqual({ country: null, city: "Porto", latitude: null, longitude: null });
    expect(parseGeoAnswer(JSON.stringify({ country: "PT", city: "Porto", latitude: 123, longitude: 8 }))?.latitude).toBeNull();
  });
});
