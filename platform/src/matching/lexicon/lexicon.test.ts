import { describe, expect, it } from "vitest";
import { stemToken } from "../engine/text.ts";
import { CONCEPTS, type ConceptEntry, compileLexicon, defaultLexicon, expandPhrasing, Lexicon, STANDARD_TOPIC_KEYS, STANDARD_TOPICS } from "./index.ts";

const L = defaultLexicon;
const concepts = (text: string): string[] => L.match(text).map((m) => m.concept);
const conceptSet = (text: string): Set<string> => new Set(concepts(text));
const shared = (a: string, b: string): string[] => {
  const sb = conceptSet(b);
  return [...conceptSet(a)].filter((c) => sb.has(c));
};

describe("concept data", () => {
  it("uses exactly the standard topic keys, each labelled in both languages", () => {
    expect(STANDARD_TOPICS.map((t) => t.key)).toEqual([
      "fundraising", "cofounder", "hiring", "sales", "marketing", "pr", "product", "ux", "design", "video", "photo", "audio", "content", "publishing",
      "engineering", "data", "cloud", "security", "legal", "tax", "accounting", "finance", "grants", "regulatory", "company_setup", "logistics",
      "ecommerce", "operations", "mentoring", "wellbeing", "careers", "real_estate", "partnerships", "education", "events",
    ]);
    for (const t of STANDARD_TOPICS) {
      expect(t.label.en.trim(), t.key).not.toBe("");
      expect(t.label.ru.trim(), t.key).not.toBe("");
    }
  });

  it("has at least 200 concepts with unique ids, a standard topic, both labels and several phrasings per language", () => {
    expect(CONCEPTS.length).toBeGreaterThanOrEqual(200);
    expect(new Set(CONCEPTS.map((c) => c.id)).size).toBe(CONCEPTS.length);
    for (const c of CONCEPTS) {
      expect(c.id, c.id).toMatch(/^[a-z][a-z0-9_]*$/);
      expect(STANDARD_TOPIC_KEYS.has(c.topic), `${c.id}: topic ${c.topic}`).toBe(true);
      expect(c.label.en.trim(), c.id).not.toBe("");
      expect(c.label.ru.trim(), c.id).not.toBe("");
      expect(c.en.length, `${c.id} en`).toBeGreaterThanOrEqual(3);
      expect(c.ru.length, `${c.id} ru`).toBeGreaterThanOrEqual(3);
    }
    // Every topic carries concepts.
    for (const t of STANDARD_TOPICS) expect(CONCEPTS.some((c) => c.topic === t.key), t.key).toBe(true);
  });

  it("compiles every phrasing to a non-empty stem sequence, and no stem sequence to two concepts", () => {
    const probe = new Lexicon([]);
    const owner = new Map<string, string>();
    const clashes: string[] = [];
    const empty: string[] = [];
    for (const c of CONCEPTS) {
      for (const raw of [...c.en, ...c.ru]) {
        for (const phrasing of expandPhrasing(raw)) {
          const stems = probe.stemsOf(phrasing);
          if (stems.length === 0) empty.push(`${c.id}: "${phrasing}"`);
          const key = stems.join(" ");
          const prev = owner.get(key);
          if (prev !== undefined && prev !== c.id) clashes.push(`"${phrasing}" (${key}): ${prev} / ${c.id}`);
          owner.set(key, c.id);
        }
      }
    }
    // An exact word form ("=author") must not also be, by its stem, another concept's one-word phrasing
    // ("authorization" stems to "author"): the same word would then carry both concepts.
    const singles = new Map<string, string>();
    for (const [key, id] of owner) if (!key.includes(" ") && !key.startsWith("=")) singles.set(key, id);
    for (const [key, id] of owner) {
      for (const s of key.split(" ")) {
        if (!s.startsWith("=")) continue;
        const other = singles.get(stemToken(s.slice(1)));
        if (other !== undefined && other !== id) clashes.push(`${id}: ${s} is also ${other} by its stem`);
      }
    }
    expect(empty).toEqual([]);
    expect(clashes).toEqual([]);
    expect(L.size).toBe(CONCEPTS.length);
    expect(L.phrasingCount).toBeGreaterThan(CONCEPTS.length * 10);
  });

  it("refuses a phrasing made only of template and stop words", () => {
    const entry = (phrasing: string): ConceptEntry => ({ id: "x", topic: "sales", label: { en: "x", ru: "x" }, en: [phrasing], ru: [] });
    expect(() => new Lexicon([entry("looking for help")])).toThrow(/no content words/);
    expect(() => new Lexicon([entry("ищу помощь")])).toThrow(/no content words/);
    expect(() => new Lexicon([entry("{|the} {need|help}")])).toThrow(/no content words/);
    expect(() => new Lexicon([entry("{unbalanced")])).toThrow(/braces/);
  });

  it("expands alternatives and optional words", () => {
    expect(expandPhrasing("{снять|снимать} {ролик|видео}")).toEqual(["снять ролик", "снять видео", "снимать ролик", "снимать видео"]);
    expect(expandPhrasing("{|online} store")).toEqual(["store", "online store"]);
  });
});

describe("matching mechanics", () => {
  it("returns concepts in text order with the member's own words", () => {
    const text = "Looking for a product manager. Also need VAT advice!";
    const found = L.match(text);
    expect(found.map((m) => m.concept)).toEqual(["product_management", "vat"]);
    for (const m of found) expect(m.surface).toBe(text.slice(m.start, m.end));
    expect(found[0]?.surface).toBe("product manager");
    expect(found[0]?.topic).toBe("product");
    expect(found[1]?.topic).toBe("tax");
  });

  it("answers nothing for empty input and for texts without concepts", () => {
    expect(L.match(null)).toEqual([]);
    expect(L.match(undefined)).toEqual([]);
    expect(L.match("")).toEqual([]);
    expect(L.match("I love hiking, good coffee and long walks")).toEqual([]);
  });

  it("allows up to two extra words inside a phrasing", () => {
    expect(concepts("raising our seed round")).toContain("fundraising");
    expect(concepts("проверка нашей идеи")).toEqual(["product_market_fit"]);
    // Three content words in between is too far.
    expect(concepts("проверка сайта, дизайна или большой красивой идеи")).not.toContain("product_market_fit");
  });

  it("does not match a phrasing across sentence punctuation, commas or conjunctions", () => {
    expect(concepts("sales tax")).toEqual(["vat"]);
    expect(concepts("sales. Tax")).not.toContain("vat");
    expect(concepts("sales, tax")).not.toContain("vat");
    expect(concepts("sales and tax")).not.toContain("vat");
    expect(concepts("sales & tax")).not.toContain("vat");
    expect(concepts("продажи;\nналоги")).not.toContain("vat");
    // A phrasing that has a conjunction itself matches across one.
    expect(concepts("mergers and acquisitions")).toEqual(["exit_ma"]);
  });

  it("keeps dotted names and abbreviations whole", () => {
    expect(concepts("Node.js")).toEqual(["backend_development"]);
    expect(concepts("M&A")).toEqual(["exit_ma"]);
    expect(concepts("A/B testing")).toEqual(["product_analytics"]);
    expect(concepts("C++")).toEqual(["systems_programming"]);
  });

  it("reads exact word forms where the stem is ambiguous", () => {
    expect(concepts("looking for an accountant")).toEqual(["bookkeeping"]);
    expect(concepts("grow our Instagram account")).not.toContain("bookkeeping");
    expect(concepts("IT consulting")).toEqual(["fractional_cto"]);
    expect(concepts("it is what it is")).toEqual([]);
  });

  it("matches inflected forms in Russian", () => {
    expect(concepts("ищу бухгалтера")).toEqual(["bookkeeping"]);
    expect(concepts("бухгалтерия")).toEqual(["bookkeeping"]);
    expect(concepts("бухгалтерией")).toEqual(["bookkeeping"]);
    expect(concepts("нужен юрист")).toEqual(["legal_counsel"]);
    expect(concepts("ищу юриста")).toEqual(["legal_counsel"]);
  });
});

describe("phrase sense", () => {
  it("снять квартиру is renting a flat, снять ролик is shooting a video", () => {
    expect(concepts("хочу снять квартиру в Тбилиси")).toEqual(["residential_rental"]);
    expect(concepts("нужно снять рекламный ролик")).toEqual(["promo_video"]);
    expect(concepts("снимаю видео для брендов")).toEqual(["promo_video"]);
    expect(concepts("снять")).toEqual([]);
    expect(shared("нужно снять рекламный ролик", "риелтор, помогу снять квартиру")).toEqual([]);
  });

  it("Rust is a language only next to code words", () => {
    expect(concepts("rust removal on vintage cars")).toEqual([]);
    expect(concepts("car bodywork and rust repair")).toEqual([]);
    expect(concepts("Rust developer")).toEqual(["systems_programming"]);
    expect(concepts("we write our backend services in Rust code")).toContain("systems_programming");
  });

  it("sales tax is tax, a sales team is sales", () => {
    const tax = L.match("sales tax");
    expect(tax.map((m) => [m.concept, m.topic])).toEqual([["vat", "tax"]]);
    const team = L.match("sales team");
    expect(team.map((m) => [m.concept, m.topic])).toEqual([["sales_team", "sales"]]);
  });

  it("a store alone is nothing, an online store is e-commerce", () => {
    expect(concepts("store")).toEqual([]);
    expect(concepts("I store my bike in the garage")).toEqual([]);
    expect(concepts("online store")).toEqual(["online_store"]);
    expect(concepts("Shopify store")).toEqual(["online_store"]);
  });

  it("other ambiguous words take their sense from the phrase", () => {
    expect(concepts("burn rate and runway")).toEqual(["cash_flow", "cash_flow"]);
    expect(concepts("mock interviews")).toEqual(["interview_prep"]);
    expect(concepts("sourcing candidates")).toEqual(["recruiting"]);
    expect(concepts("open source maintainer")).toEqual(["open_source"]);
    expect(concepts("совет директоров")).toEqual(["board_governance"]);
    expect(concepts("дам совет")).toEqual([]);
  });
});

/** Need text, offer text, one concept both must carry. */
const PARAPHRASES: [string, string, string][] = [
  ["Need help with cross-border VAT for our online store selling to EU customers", "EU indirect tax adviser: OSS/IOSS returns, VAT registrations", "vat"],
  ["Нужно снять рекламный ролик для запуска продукта", "Продюсирую промо-видео для брендов", "promo_video"],
  ["Need a lawyer to draft contractor agreements", "Tech lawyer: contractor agreements, IP assignment", "contracts"],
  ["Ищу бухгалтера на аутсорс", "Веду бухгалтерию малого бизнеса удалённо", "bookkeeping"],
  ["Want to hire our first salespeople and figure out commission plans", "Built sales teams from zero at two SaaS companies", "sales_team"],
  ["Churn prediction model for our subscription app", "I can predict which customers will leave; retention analytics", "customer_retention"],
  ["Burning out after two years of building, would love to talk", "Coaching founders through stress, preventing burnout", "burnout_stress"],
  ["Our cloud bill doubled this year", "FinOps consultant: reserved instances, right-sizing, cutting AWS costs", "cloud_costs"],
  ["Ищу UX-исследователя для интервью с пользователями", "UX researcher: usability testing, customer interviews", "ux_research"],
  ["Need a logo and brand identity for my coffee shop", "Графический дизайнер: логотипы, фирменный стиль", "brand_identity"],
  ["Looking for someone to edit our podcast", "Звукорежиссёр, монтаж подкастов", "podcast"],
  ["We need to set up a Delaware C-corp", "I help foreign founders incorporate in the US: Stripe Atlas, EIN, 83(b) election", "us_incorporation"],
  ["Помогите с ВНЖ в Португалии", "Immigration lawyer: D7, digital nomad and golden visas", "immigration"],
  ["Want to start selling on Wildberries and Ozon", "Помогаю селлерам выйти на маркетплейсы", "marketplaces"],
  ["Need to ship goods from China and clear customs", "Таможенный брокер, растаможка и доставка грузов из Китая", "customs"],
  ["Looking for a Rust developer for our backend", "Senior Rust engineer, distributed systems", "systems_programming"],
  ["Нужен таргетолог для запуска рекламы", "Performance marketer: Meta ads, Google Ads, paid social", "performance_marketing"],
  ["How do we get press coverage for our launch?", "Former journalist, PR for startups, TechCrunch placements", "media_relations"],
  ["Need a pitch deck review before our Series A", "I help founders with investor decks and pitching", "pitch_deck"],
  ["Looking for a mentor who has scaled a startup", "Serial entrepreneur, happy to mentor founders", "startup_mentoring"],
  ["Хочу переехать в Сербию с семьёй", "Relocation consultant: helping families move to Serbia and Montenegro", "relocation"],
  ["Need help preparing for product manager interviews", "Mock interviews for PM and engineering roles", "interview_prep"],
  ["Looking for a GDPR expert to review our data processing", "Privacy lawyer, DPO as a service, персональные данные", "data_privacy"],
  ["Enterprise customers ask for SOC 2 before they sign", "Security compliance: SOC2, ISO 27001 readiness", "security_compliance"],
  ["Нужен финансовый директор на парт-тайм", "Fractional CFO for seed-stage startups", "cfo_services"],
  ["Need a financial model for our fundraising", "Финмодели и юнит-экономика для стартапов", "financial_modeling"],
  ["Where can we find grants for deep tech research?", "Grant writer: Horizon Europe, EIC Accelerator applications", "grants"],
  ["Need a photographer for team headshots", "Фотограф: деловой портрет, репортажная съёмка", "photography"],
  ["Want to launch my first online course", "Методолог онлайн-школ, помогаю создать курс", "online_courses"],
  ["Looking for an English tutor for business English", "Преподаю английский язык взрослым, деловой английский", "language_learning"],
  ["Need help organizing a conference for 300 people", "Event manager: I organize corporate events and meetups", "event_organization"],
  ["We need a warehouse and fulfillment in Poland", "3PL fulfillment centre for e-commerce brands", "warehousing_fulfillment"],
  ["Need a Shopify store built for our brand", "Разрабатываю интернет-магазины на Shopify", "online_store"],
  ["Ищу психолога", "Psychotherapist: CBT, anxiety, burnout", "mental_health"],
  ["Need someone to set up HubSpot CRM for our sales team", "Внедряю amoCRM и Битрикс24", "crm"],
  ["Looking for an angel to lead our pre-seed", "Business angel, first checks in fintech", "angel_investing"],
  ["Help with trademark registration in the EU", "Патентный поверенный, регистрация товарных знаков", "trademarks"],
  ["Нужен юрист по трудовым договорам", "Employment lawyer: employment contracts, dismissals, non-competes", "employment_law"],
  ["Need to set up a company in Dubai", "Регистрация компаний в ОАЭ, фризоны", "international_structure"],
  ["Need a motion designer for an explainer", "Моушн-дизайнер, 2D-анимация", "motion_design"],
  ["Looking for a translator to localize our app into Spanish", "Переводчик, локализация приложений и игр", "translation_localization"],
  ["Hiring a data engineer to build our pipelines", "Дата-инженер: ETL, Airflow, хранилища данных", "data_engineering"],
  ["First-time manager, want to learn to manage a team", "Leadership development for first-time managers", "leadership"],
  ["Need a 3D visualization of our product", "3D-визуализатор, рендеры для маркетинга", "three_d"],
  ["Нужен репетитор по математике для сына", "Math tutor, exam prep for teenagers", "tutoring_teaching"],
  ["Looking for a flat to rent in Tbilisi", "Риелтор в Тбилиси, помогаю снять квартиру", "residential_rental"],
  ["Ищем офис в аренду для команды из 10 человек", "Coworking and office space in Belgrade", "commercial_real_estate"],
  ["Looking for a nutritionist", "Нутрициолог: здоровое питание для предпринимателей", "fitness_health"],
  ["Need help with my CV and LinkedIn profile", "Career coach: resume review, LinkedIn profile, interview prep", "cv_resume"],
  ["Нужен аудит безопасности нашего приложения", "Pentester, OWASP, web application security", "pentest"],
  ["Need an AI engineer to build a RAG chatbot", "LLM apps, AI agents, RAG pipelines", "generative_ai"],
  ["Need help with pricing for our SaaS", "Pricing strategy and monetization for B2B SaaS", "pricing"],
  ["Нужно разобраться с налогами при переезде", "Tax advice for relocants: tax residency, the 183 days rule", "personal_tax"],
  ["Looking for a voice-over artist for our ad", "Диктор, озвучка рекламы и роликов", "voice_over"],
  ["Хочу выйти на рынок США", "Helping B2B startups enter the US market", "market_entry"],
  ["Need a DevOps engineer to set up Kubernetes and CI/CD", "DevOps: Terraform, Kubernetes, мониторинг", "devops"],
  ["Ищем поставщиков упаковки", "Packaging design and production for D2C brands", "packaging_design"],
  ["Looking for a COO to fix our operations", "Операционный директор, выстраиваю бизнес-процессы", "operations_management"],
  ["Need SEO for our blog", "SEO-специалист, продвижение сайтов в Google и Яндексе", "seo"],
  ["Нужен человек для ведения соцсетей", "Social media manager: Instagram, TikTok, content plans", "smm"],
  ["How do I apply to Y Combinator?", "Alum of two accelerators, I review accelerator applications", "accelerators"],
  ["Where to find clinical trial sites in Europe", "Регистрация медизделий и клинические исследования", "medical_regulation"],
  ["Нужна помощь с кассовыми разрывами", "Cash flow management and budgeting for small companies", "cash_flow"],
];

describe("paraphrase pairs", () => {
  it.each(PARAPHRASES)("%s <-> %s share %s", (need, offer, concept) => {
    expect(concepts(need)).toContain(concept);
    expect(concepts(offer)).toContain(concept);
  });

  it("has plenty of pairs across languages and topics", () => {
    expect(PARAPHRASES.length).toBeGreaterThanOrEqual(40);
    const topics = new Set(PARAPHRASES.map(([, , c]) => L.concept(c)?.topic));
    expect(topics.size).toBeGreaterThanOrEqual(25);
    const cyrillic = /[а-яё]/i;
    expect(PARAPHRASES.filter(([a, b]) => cyrillic.test(a) !== cyrillic.test(b)).length).toBeGreaterThanOrEqual(20);
  });

  const UNRELATED: [string, string][] = [
    ["Нужно снять рекламный ролик", "Риелтор: помогу снять квартиру"],
    ["rust removal on vintage cars", "Rust developer"],
    ["sales tax compliance for our US entity", "building a sales team"],
    ["I love hiking and good books", "bookkeeping for small businesses"],
    ["Looking for an apartment to rent in Lisbon", "Need an office for the team in Lisbon"],
    ["Cloud cost optimization", "Accounting for small businesses"],
    ["Customer interviews for our product discovery", "Job interview preparation"],
    ["Open source maintainer", "Sourcing candidates for tech roles"],
    ["Burn rate and runway planning", "Preventing burnout"],
    ["Instagram account growth", "Accountant for small business"],
    ["Speaking Spanish fluently", "Conference speaker"],
    ["Taking care of my health", "Career coaching"],
    ["Product designer for mobile apps", "Industrial designer for furniture"],
    ["Дам совет по инвестициям в недвижимость", "Ищу совет директоров"],
    ["Раскрутка телеграм-канала", "Разработка телеграм-бота"],
  ];

  it.each(UNRELATED)("%s and %s share nothing", (a, b) => {
    expect(shared(a, b)).toEqual([]);
  });
});

describe("compileLexicon", () => {
  it("is the built-in lexicon without an extension", () => {
    expect(compileLexicon().size).toBe(CONCEPTS.length);
    expect(defaultLexicon.concept("vat")?.label.ru).toBe("НДС и косвенные налоги");
    expect(defaultLexicon.concept("nope")).toBeUndefined();
  });

  it("adds a tenant's phrasing to an existing concept", () => {
    expect(concepts("Mehrwertsteuer")).toEqual([]);
    const lexicon = compileLexicon([{ id: "vat", topic: "tax", label: { en: "VAT", ru: "НДС" }, en: ["Mehrwertsteuer", "USt-Voranmeldung"], ru: [] }]);
    expect(lexicon.size).toBe(CONCEPTS.length);
    expect(lexicon.match("Hilfe bei der Mehrwertsteuer").map((m) => m.concept)).toEqual(["vat"]);
    // The built-in phrasings and label stay.
    expect(lexicon.match("EU VAT").map((m) => m.concept)).toEqual(["vat"]);
    expect(lexicon.concept("vat")?.label.en).toBe("VAT and indirect tax");
  });

  it("adds a tenant's new concept, possibly under a tenant topic", () => {
    const lexicon = compileLexicon([
      { id: "wine_export", topic: "winemaking", label: { en: "wine export", ru: "экспорт вина" }, en: ["wine export", "export {|our} wine"], ru: ["экспорт вина", "вывести вино на экспорт"] },
    ]);
    expect(lexicon.size).toBe(CONCEPTS.length + 1);
    const found = lexicon.match("We want to export our wine to Japan");
    expect(found.map((m) => [m.concept, m.topic])).toEqual([["wine_export", "winemaking"]]);
    expect(lexicon.match("Экспорт вина в Китай").map((m) => m.concept)).toEqual(["wine_export"]);
    // The default lexicon is untouched.
    expect(concepts("export our wine")).not.toContain("wine_export");
  });

  it("keeps both concepts when a tenant concept repeats a built-in phrasing", () => {
    const lexicon = compileLexicon([{ id: "club_tax_desk", topic: "tax", label: { en: "club tax desk", ru: "налоговая служба клуба" }, en: ["sales tax"], ru: ["налог с продаж"] }]);
    expect(lexicon.match("sales tax").map((m) => m.concept)).toEqual(["vat", "club_tax_desk"]);
  });
});
