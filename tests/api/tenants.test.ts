import fs from "node:fs/promises";
import os from "node:os";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { loadTenantsDir, renderTenantSchema, TENANT_SCHEMA_FILE, TenantValidationError } from "@tuesday/platform";

const root = path.resolve(import.meta.dirname, "../..");
const tenantsDir = path.join(root, "tenants");
let tmp: string;
let n = 0;

beforeAll(async () => {
  tmp = await fs.mkdtemp(path.join(os.tmpdir(), "tuesday-tenants-"));
});
afterAll(async () => {
  if (tmp) await fs.rm(tmp, { recursive: true, force: true });
});

/** A copy of the demo tenants in which `edit` breaks something; returns the problems. */
async function problemsAfter(edit: (dir: string) => Promise<void>): Promise<{ dir: string; problems: string[] }> {
  const dir = path.join(tmp, `copy-${n++}`);
  await fs.cp(tenantsDir, dir, { recursive: true });
  await edit(dir);
  try {
    await loadTenantsDir(dir);
  } catch (err) {
    if (err instanceof TenantValidationError) return { dir, problems: err.problems };
    throw err;
  }
  throw new Error("expected the broken copy to be refused");
}

async function editJson(file: string, change: (json: Record<string, unknown>) => void): Promise<void> {
  const json = JSON.parse(await fs.readFile(file, "utf8")) as Record<string, unknown>;
  change(json);
  await fs.writeFile(file, JSON.stringify(json, null, 2));
}

describe("demo tenants", () => {
  it("all validate, with their landing documents and navigation", async () => {
    const bundles = await loadTenantsDir(tenantsDir);
    const byId = Object.fromEntries(bundles.map((b) => [b.config.id, b]));
    expect(Object.keys(byId).sort()).toEqual(["devguild", "founders", "northbank", "tochka"]);
    expect(Object.keys(byId.northbank?.landing ?? {}).sort()).toEqual(["", "-ru"]);
    expect(Object.keys(byId.founders?.landing ?? {}).sort()).toEqual(["", "-ru"]);
    expect(Object.keys(byId.tochka?.landing ?? {}).sort()).toEqual(["", "-ru"]);
    expect(Object.keys(byId.devguild?.landing ?? {})).toEqual([""]);
    for (const b of bundles) {
      expect(b.config.version).toBe(2);
      expect(b.navigation?.custom.some((t) => t.external)).toBe(true);
      for (const doc of Object.values(b.landing)) expect(doc).toMatchObject({ hero: { title: expect.any(String), subtitle: expect.any(String) }, bullets: expect.any(Array), cta: { label: expect.any(String), href: expect.any(String) } });
      // The logo the config points at is a file of the tenant's folder.
      const logo = b.config.brandConfig.logoUrl ?? "";
      expect(logo).toBe(`/community/${b.config.id}/assets/logo.svg`);
      expect((await fs.readFile(path.join(b.dir, "logo.svg"), "utf8")).startsWith("<svg")).toBe(true);
      const raw = JSON.parse(await fs.readFile(path.join(b.dir, "tenant.json"), "utf8"));
      expect(raw.$schema).toBe("../tenant.schema.json");
    }
  });

  it("differ in languages, sign-in methods, moderation and steps", async () => {
    const bundles = await loadTenantsDir(tenantsDir);
    const c = Object.fromEntries(bundles.map((b) => [b.config.id, b.config]));
    expect(c.founders).toMatchObject({ lang: "en", langChoices: ["en", "ru"], transparent: true, isDefault: true });
    expect(c.tochka).toMatchObject({ lang: "ru", langChoices: ["ru", "en"], transparent: false, moderationRequired: true });
    expect(c.devguild).toMatchObject({ lang: "en", langChoices: ["en"], stepsConfig: { networks: false } });
    expect(c.tochka?.authConfig.find((a) => a.authType === "OAUTH2")?.oauth2).toMatchObject({
      issuer: "http://localhost:{port}/dev/oidc",
      clientId: "tuesday-demo",
      clientSecretRef: "DEMO_SSO",
    });
    expect(c.founders?.authConfig.map((a) => a.authType)).toEqual(["EMAIL", "OTP", "MAGIC", "GOOGLE"]);
    expect(c.devguild?.authConfig.map((a) => a.authType)).toEqual(["EMAIL", "MAGIC"]);
    expect(new Set(bundles.map((b) => b.config.brandConfig.primaryColor)).size).toBe(4);
  });

  it("the bank-partner community (northbank) carries the spec 1 variants; the others keep the defaults", async () => {
    const bundles = await loadTenantsDir(tenantsDir);
    const c = Object.fromEntries(bundles.map((b) => [b.config.id, b.config]));
    expect(c.northbank).toMatchObject({
      welcomeLayout: "special",
      customLanding: false,
      donationUrl: expect.stringMatching(/^https:/),
      partner: { slug: "northbank", name: "Northbank", tour: true },
      legalDocuments: { byGeolocation: true },
      head: { description: expect.any(String), ogImageUrl: "/community/northbank/assets/og.png" },
    });
    for (const id of ["founders", "tochka", "devguild"]) {
      expect(c[id]).toMatchObject({ welcomeLayout: "standard", customLanding: false });
      for (const key of ["donationUrl", "applyUrl", "connectUrl", "legalDocuments", "partner", "head"]) expect(c[id]?.[key as "partner"], `${id}.${key}`).toBeUndefined();
    }
    // Every partner section has its content in both languages, and the tour its 4 steps.
    const nb = bundles.find((b) => b.config.id === "northbank");
    for (const doc of Object.values(nb?.landing ?? {})) {
      const partner = (doc as { partner: { sections: Record<string, { title: string; items: unknown[] }>; tour: unknown[]; welcome: { title: string } } }).partner;
      expect(Object.keys(partner.sections).sort()).toEqual(["career", "contacts", "earnings", "education", "events", "services"]);
      for (const s of Object.values(partner.sections)) expect(s.items.length).toBeGreaterThan(0);
      expect(partner.tour).toHaveLength(4);
      expect(partner.welcome.title).toEqual(expect.any(String));
    }
    // The documents it points at are files of its folder.
    const docs = c.northbank?.legalDocuments;
    for (const url of [docs?.ru.terms, docs?.ru.privacy, docs?.international.terms, docs?.international.privacy]) {
      const file = url?.replace("/community/northbank/assets/", "") ?? "";
      expect((await fs.readFile(path.join(nb?.dir ?? "", file))).subarray(0, 5).toString()).toBe("%PDF-");
    }
  });
});

describe("broken tenant folders are refused with the file and the field", () => {
  it("bad JSON", async () => {
    const { dir, problems } = await problemsAfter((d) => fs.writeFile(path.join(d, "founders", "tenant.json"), '{ "version": 1,'));
    expect(problems).toEqual([expect.stringMatching(new RegExp(`^${path.join(dir, "founders", "tenant.json")}: is not valid JSON`))]);
  });

  it("a missing title", async () => {
    const { dir, problems } = await problemsAfter((d) => editJson(path.join(d, "devguild", "tenant.json"), (j) => delete j.title));
    expect(problems).toEqual([expect.stringMatching(new RegExp(`^${path.join(dir, "devguild", "tenant.json")}: title: `))]);
  });

  it("an unknown field, also inside a nested object", async () => {
    const { dir, problems } = await problemsAfter(async (d) => {
      await editJson(path.join(d, "tochka", "tenant.json"), (j) => {
        j.colour = "red";
      });
      await editJson(path.join(d, "founders", "tenant.json"), (j) => {
        (j.brandConfig as Record<string, unknown>).font = "Comic Sans";
      });
    });
    expect(problems).toContainEqual(expect.stringMatching(new RegExp(`^${path.join(dir, "tochka", "tenant.json")}: \\(root\\): .*colour`)));
    expect(problems).toContainEqual(expect.stringMatching(new RegExp(`^${path.join(dir, "founders", "tenant.json")}: brandConfig: .*font`)));
  });

  it("matching weights the engine would refuse (unknown key, bad value)", async () => {
    const { dir, problems } = await problemsAfter(async (d) => {
      await editJson(path.join(d, "founders", "tenant.json"), (j) => {
        j.matchingWeights = { components: { tags: 0.5, bogus: 1 } };
      });
      await editJson(path.join(d, "devguild", "tenant.json"), (j) => {
        j.matchingWeights = { admin: { priorStrength: 3 } };
      });
    });
    expect(problems).toContainEqual(expect.stringMatching(new RegExp(`^${path.join(dir, "founders", "tenant.json")}: matchingWeights: .*bogus`)));
    expect(problems).toContainEqual(expect.stringMatching(new RegExp(`^${path.join(dir, "devguild", "tenant.json")}: matchingWeights: .*priorStrength`)));
  });

  it("a language outside langChoices", async () => {
    const { problems } = await problemsAfter((d) =>
      editJson(path.join(d, "devguild", "tenant.json"), (j) => {
        j.lang = "ru";
      }),
    );
    expect(problems).toEqual([expect.stringMatching(/devguild\/tenant\.json: lang: must be one of langChoices \(en\)$/)]);
  });

  it("a domain used by two tenants", async () => {
    const { problems } = await problemsAfter((d) =>
      editJson(path.join(d, "tochka", "tenant.json"), (j) => {
        j.aliases = ["founders.tuesday.community"];
      }),
    );
    expect(problems).toEqual([expect.stringMatching(/tochka\/tenant\.json: domain: "founders\.tuesday\.community" is also used by tenant "founders"$/)]);
  });

  it("an id that is not the folder name", async () => {
    const { problems } = await problemsAfter(async (d) => {
      await fs.rename(path.join(d, "devguild"), path.join(d, "dev-guild"));
    });
    expect(problems).toEqual([expect.stringMatching(/dev-guild\/tenant\.json: id: "devguild" must equal the folder name "dev-guild"$/)]);
  });

  it("a broken navigation.json and an unsupported version", async () => {
    const { problems } = await problemsAfter(async (d) => {
      await editJson(path.join(d, "founders", "navigation.json"), (j) => {
        j.tabs = { inbox: { order: 1 } };
      });
      await editJson(path.join(d, "tochka", "tenant.json"), (j) => {
        j.version = 3;
      });
    });
    expect(problems).toContainEqual(expect.stringMatching(/founders\/navigation\.json: tabs/));
    expect(problems).toContainEqual(expect.stringMatching(/tochka\/tenant\.json: version: /));
  });
});

describe("tenants/tenant.schema.json", () => {
  it("is up to date with TenantConfigSchema (run `npm run tenants:schema`)", async () => {
    const committed = await fs.readFile(TENANT_SCHEMA_FILE, "utf8");
    expect(committed).toBe(renderTenantSchema());
  });

  it("describes the input form: defaults optional, unknown fields refused", () => {
    const schema = JSON.parse(renderTenantSchema()) as { required: string[]; additionalProperties: boolean; properties: Record<string, unknown> };
    expect(schema.required.sort()).toEqual(["authConfig", "brandConfig", "domain", "id", "senderEmail", "title", "version"]);
    expect(schema.additionalProperties).toBe(false);
    expect(schema.properties).toHaveProperty("$schema");
  });
});
