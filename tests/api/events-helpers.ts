/** Shared arrangement for the events API tests: members by role and events made through the API. */
import { expect } from "vitest";
import type { TestEnv } from "../support/harness.ts";
import { type CreatedUser, createMember } from "../support/users.ts";

export type Who = CreatedUser & { tenant: string; id: string };

export async function who(env: TestEnv, tenant: string, role: "member" | "moderator" | "admin" | null = "member", name = "Test"): Promise<Who> {
  const u = await createMember(env, { tenant, role, profile: role === null ? undefined : { firstName: name, lastName: "Person" } });
  return { ...u, tenant, id: u.participantId ?? "" };
}

/** A date `days` from today (UTC), as YYYY-MM-DD. */
export function day(days: number): string {
  return new Date(Date.now() + days * 86_400_000).toISOString().slice(0, 10);
}

export function validEvent(overrides: Record<string, unknown> = {}): Record<string, unknown> {
  return {
    title: "Summer meetup",
    description: "Talks and drinks",
    date: day(10),
    time: "18:30",
    endTime: "21:00",
    timeZone: "Europe/Berlin",
    organizerContact: "events@example.com",
    location: {
      address: "Unter den Linden 1",
      latitude: 52.517,
      longitude: 13.389,
      googleMapsLink: "https://maps.google.com/?q=52.517,13.389",
      country: "Germany",
      region: "Berlin",
      city: "Berlin",
      postalCode: "10117",
    },
    ...overrides,
  };
}

export function expectError(res: { status: number; body: unknown }, status: number, code: number, msg?: string | RegExp) {
  expect(res.status, JSON.stringify(res.body)).toBe(status);
  expect(res.body).toMatchObject({ code, msg: expect.any(String) });
  if (msg !== undefined) expect((res.body as { msg: string }).msg).toMatch(msg);
}

export function api(env: TestEnv) {
  const as = (w: Who | undefined, tenant?: string) => ({ tenant: tenant ?? w?.tenant ?? "alpha", token: w?.token });
  return {
    create: (w: Who, body: unknown) => env.request("POST", "/api/event/create", { ...as(w), body }),
    get: (w: Who | undefined, id: string, tenant?: string, q = "") => env.request("GET", `/api/event/${encodeURIComponent(id)}${q}`, as(w, tenant)),
    patch: (w: Who, id: string, body: unknown) => env.request("PATCH", `/api/event/${id}`, { ...as(w), body }),
    remove: (w: Who, id: string) => env.request("DELETE", `/api/event/${id}`, as(w)),
    list: (w: Who | undefined, when: "upcoming" | "past", q = "", tenant?: string) => env.request("GET", `/api/event/${when}${q}`, as(w, tenant)),
    join: (w: Who, id: string) => env.request("POST", `/api/event/${id}/confirm-participation`, as(w)),
    cancel: (w: Who, id: string) => env.request("PATCH", `/api/event/${id}/cancel-participation`, as(w)),
    participation: (w: Who, pid: string, id: string) => env.request("GET", `/api/event/participations/${pid}/${id}`, as(w)),
    approve: (w: Who, id: string, pid: string) => env.request("POST", `/api/event/${id}/participants/${pid}/approve`, as(w)),
    reject: (w: Who, id: string, pid: string) => env.request("POST", `/api/event/${id}/participants/${pid}/reject`, as(w)),
    confirmPayment: (w: Who, id: string, pid: string) => env.request("POST", `/api/event/${id}/participants/${pid}/confirm-payment`, as(w)),
    setStatus: (w: Who, id: string, pid: string, status: string) => env.request("POST", `/api/event/${id}/participant/${pid}/status/${status}`, as(w)),
    confirmed: (w: Who, id: string, q = "") => env.request("GET", `/api/event/${id}/participants/confirmed${q}`, as(w)),
    responsibles: (w: Who, id: string) => env.request("GET", `/api/event/${id}/responsibles`, as(w)),
    addResponsible: (w: Who, id: string, userId: string) => env.request("POST", `/api/event/${id}/responsibles`, { ...as(w), body: { userId } }),
    removeResponsible: (w: Who, id: string, userId: string) => env.request("DELETE", `/api/event/${id}/responsibles/${userId}`, as(w)),
  };
}

/** Creates an event through the API as `w` and returns its id. */
export async function makeEvent(env: TestEnv, w: Who, overrides: Record<string, unknown> = {}): Promise<string> {
  const res = await api(env).create(w, validEvent(overrides));
  expect(res.status, JSON.stringify(res.body)).toBe(201);
  return res.body.id;
}
