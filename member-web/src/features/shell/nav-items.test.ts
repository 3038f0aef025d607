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

  it("is a navigation.json tab: a community may rename it per language, order it or hide it", () => {
    const navigation = { tabs: { meetings: { order: 45, label: "1:1s", labels: { ru: "Встречи 1:1" } }, events: { order: 40 } }, custom: [] };
    const en = buildNavItems({ ...base, navigation: navigation as never, lang: "en", meetings: { label: "Meetings" } });
    expect(hrefs(en).indexOf("/meetings")).toBe(hrefs(en).indexOf("/events") + 1);
    expect(en.find((i) => i.href === "/meetings")?.label).toBe("1:1s");
    const ru = buildNavItems({ ...base, navigation: navigation as never, lang: "ru", meetings: { label: "Встречи" } });
    expect(ru.find((i) => i.href === "/meetings")?.label).toBe("Встречи 1:1");
    const hidden = { tabs: { meetings: { order: 4, enabled: false } }, custom: [] };
    expect(hrefs(buildNavItems({ ...base, navigation: hidden as never, meetings: { label: "Meetings" } }))).not.toContain("/meetings");
    // Forcing it does not show a page the community has turned off.
    const forced = { tabs: { meetings: { order: 4, forceEnabled: true } }, custom: [] };
    expect(hrefs(buildNavItems({ ...base, navigation: forced as never, meetings: null }))).not.toContain("/meetings");
  });
});
