import { describe, expect, it } from "vitest";
import { buildNavItems } from "./nav-items.ts";

const base = { navigation: null, transparent: true, isAdmin: false, networkingEnabled: true } as const;
const hrefs = (items: { href: string }[]) => items.map((i) => i.href);

describe("the Meetings entry of the bar", () => {
  it("follows Contacts while the community has meetings on, with default orders and with a community's own", () => {
    expect(hrefs(buildNavItems({ ...base, meetings: { label: "Meetings" } }))).toEqual(["/my_communities", "/participants", "/contacts", "/meetings", "/events", "/chats", "/profile"]);
    const navigation = { tabs: { contacts: { order: 3 }, events: { order: 4 }, chats: { order: 5 } }, custom: [{ id: "partner", label: "Partner", url: "/partner", order: 6, external: false }] };
    const items = buildNavItems({ ...base, navigation: navigation as never, meetings: { label: "Встречи" } });
    const i = hrefs(items).indexOf("/meetings");
    expect(hrefs(items)[i - 1]).toBe("/contacts");
    expect(hrefs(items)[i + 1]).toBe("/events");
    expect(items[i]?.label).toBe("Встречи");
  });

  it("is absent when meetings are off or networking is off", () => {
    expect(hrefs(buildNavItems({ ...base, meetings: null }))).not.toContain("/meetings");
    expect(hrefs(buildNavItems({ ...base, networkingEnabled: false, meetings: { label: "Meetings" } }))).toEqual(["/profile"]);
  });
});
