import type { Lang } from "../../tenancy/schema.ts";

/**
 * What demo members talk about. A topic is something one can need or offer: members need one or
 * two topics and offer others, so recommendations have real complementary pairs to find.
 */
export type Topic = {
  key: string;
  tags: Record<Lang, string[]>;
  need: Record<Lang, string[]>;
  offer: Record<Lang, string[]>;
};

export type City = { name: Record<Lang, string>; lat: number; lon: number };

export type Flavour = {
  /** Share of members whose names and texts are in the community's other language. */
  otherLanguageShare: number;
  topics: Topic[];
  /** Tags anyone in the community might add. */
  extraTags: Record<Lang, string[]>;
  companies: Record<Lang, string[]>;
  positions: Record<Lang, { title: string; weight: number }[]>;
  about: Record<Lang, { opening: string[]; middle: string[]; closing: string[] }>;
  goals: Record<Lang, string[]>;
  cities: City[];
  /** Free-text answers by question key (TEXT questions) or `<key>.other` (a FREE_TEXT option). */
  answers: Record<string, Record<Lang, string[]>>;
};

const t = (en: string[], ru: string[]): Record<Lang, string[]> => ({ en, ru });

// ---------------------------------------------------------------------------------------------
// Founders and other business people (founders, tochka)

const BUSINESS_TOPICS: Topic[] = [
  {
    key: "fundraising",
    tags: t(["Fundraising", "Venture capital", "Angel investing"], ["Инвестиции", "Венчурный капитал", "Привлечение инвестиций"]),
    need: t(
      ["an intro to seed investors in our space", "feedback on our pitch deck before the round", "advice on SAFE vs priced round"],
      ["выход на инвесторов посевной стадии", "обратную связь по питч-деку", "совет по структуре сделки с инвестором"],
    ),
    offer: t(
      ["reviewing pitch decks and investor updates", "intros to angels I have worked with", "walking through a term sheet line by line"],
      ["разбор питч-деков", "знакомства с бизнес-ангелами", "разбор условий инвестиционного соглашения"],
    ),
  },
  {
    key: "hiring",
    tags: t(["Hiring", "Recruiting", "Team building"], ["Найм", "HR", "Управление командой"]),
    need: t(
      ["help hiring our first senior engineer", "a good recruiter for sales roles", "advice on equity for early hires"],
      ["помощь с наймом первых разработчиков", "хорошего рекрутера для отдела продаж", "совет по мотивации ключевых сотрудников"],
    ),
    offer: t(
      ["structuring interviews and take-home tasks", "building the first team from zero to twenty", "compensation and equity bands"],
      ["выстраивание процесса найма", "сборку команды с нуля", "системы мотивации и KPI"],
    ),
  },
  {
    key: "sales",
    tags: t(["B2B sales", "Enterprise sales", "Partnerships"], ["B2B-продажи", "Корпоративные продажи", "Партнёрства"]),
    need: t(
      ["warm intros to heads of operations in logistics", "a second pair of eyes on our enterprise pricing", "partners to resell in the DACH region"],
      ["выход на закупщиков крупных сетей", "партнёров-дистрибьюторов в регионах", "совет по ценообразованию для корпоративных клиентов"],
    ),
    offer: t(
      ["founder-led sales and the first ten customers", "enterprise procurement and security reviews", "setting up a partner channel"],
      ["продажи крупным клиентам", "построение отдела продаж", "работу с дистрибьюторами и дилерами"],
    ),
  },
  {
    key: "marketing",
    tags: t(["Marketing", "Growth", "Content marketing", "SEO"], ["Маркетинг", "Продвижение", "SMM", "Контент-маркетинг"]),
    need: t(
      ["ideas for cheaper acquisition than paid social", "a content partner for our newsletter", "feedback on positioning and messaging"],
      ["идеи для продвижения без большого бюджета", "подрядчика по performance-маркетингу", "совет по позиционированию бренда"],
    ),
    offer: t(
      ["growth experiments and funnel analytics", "positioning workshops", "launching on Product Hunt and in communities"],
      ["настройку рекламы и аналитики", "SMM и работу с блогерами", "упаковку продукта и позиционирование"],
    ),
  },
  {
    key: "product",
    tags: t(["Product management", "UX", "Customer discovery"], ["Продукт", "UX", "Исследования клиентов"]),
    need: t(
      ["someone to challenge our roadmap", "user research on a tiny budget", "advice on pricing and packaging"],
      ["взгляд со стороны на продукт", "помощь с исследованием клиентов", "совет по упаковке и тарифам"],
    ),
    offer: t(
      ["customer interviews and discovery", "turning feedback into a roadmap", "pricing experiments"],
      ["проведение интервью с клиентами", "построение продуктовой стратегии", "тестирование гипотез"],
    ),
  },
  {
    key: "design",
    tags: t(["Design", "Branding", "UI design"], ["Дизайн", "Брендинг", "Айдентика"]),
    need: t(["a designer for our new brand", "feedback on our onboarding flow"], ["дизайнера для упаковки", "обратную связь по сайту"]),
    offer: t(["brand identity and design systems", "UX reviews of onboarding flows"], ["фирменный стиль и упаковку", "аудит сайта и лендингов"]),
  },
  {
    key: "ml",
    tags: t(["AI", "Machine learning", "Data"], ["Искусственный интеллект", "Аналитика данных", "Автоматизация"]),
    need: t(
      ["advice on whether to build or buy our ML stack", "a data scientist to sanity-check our model"],
      ["совет по внедрению ИИ в процессы", "аналитика для настройки отчётности"],
    ),
    offer: t(
      ["applied machine learning and LLM products", "setting up a data warehouse and dashboards"],
      ["внедрение ИИ-инструментов в бизнес", "автоматизацию отчётности и BI"],
    ),
  },
  {
    key: "legal",
    tags: t(["Legal", "Compliance", "Finance"], ["Юридические вопросы", "Бухгалтерия", "Финансы"]),
    need: t(
      ["a lawyer who understands GDPR for health data", "help setting up a US entity", "a fractional CFO"],
      ["юриста по договорам с поставщиками", "совет по налоговой оптимизации", "финансового директора на аутсорсе"],
    ),
    offer: t(
      ["company formation and cap tables", "financial modelling and unit economics", "GDPR and data protection basics"],
      ["регистрацию и структурирование бизнеса", "финансовую модель и юнит-экономику", "работу с госзакупками"],
    ),
  },
  {
    key: "operations",
    tags: t(["Operations", "Supply chain", "Scaling"], ["Операционное управление", "Логистика", "Масштабирование"]),
    need: t(["advice on scaling customer support", "a reliable manufacturing partner"], ["выстроить логистику по России", "поставщиков упаковки"]),
    offer: t(["operations playbooks for scaling teams", "supplier negotiations"], ["настройку бизнес-процессов", "переговоры с поставщиками"]),
  },
  {
    key: "international",
    tags: t(["International expansion", "Export"], ["Экспорт", "Выход на новые рынки"]),
    need: t(["contacts for expanding to the US", "a local partner in the Gulf"], ["партнёров для выхода в Казахстан", "опыт экспорта в ОАЭ"]),
    offer: t(["launching in new European markets", "relocating a team abroad"], ["выход на рынки СНГ", "внешнеэкономическую деятельность"]),
  },
];

// ---------------------------------------------------------------------------------------------
// Engineers (devguild)

const ENGINEERING_TOPICS: Topic[] = [
  {
    key: "frontend",
    tags: t(["React", "TypeScript", "Frontend", "Accessibility"], ["React", "TypeScript", "Фронтенд"]),
    need: t(["a review of my React state management", "help making our app accessible"], ["ревью фронтенда"]),
    offer: t(["React performance and rendering", "accessibility audits", "design systems in code"], ["производительность React"]),
  },
  {
    key: "backend",
    tags: t(["Node.js", "Go", "APIs", "Microservices"], ["Бэкенд", "Go", "API"]),
    need: t(["feedback on an API design", "a sounding board for splitting our monolith"], ["совет по архитектуре API"]),
    offer: t(["API design and versioning", "migrating monoliths step by step", "Go services in production"], ["проектирование API"]),
  },
  {
    key: "databases",
    tags: t(["PostgreSQL", "Databases", "SQL"], ["PostgreSQL", "Базы данных"]),
    need: t(["help with slow Postgres queries", "advice on zero-downtime migrations"], ["помощь с медленными запросами"]),
    offer: t(["query tuning and indexing in PostgreSQL", "schema design and migrations"], ["оптимизацию запросов"]),
  },
  {
    key: "infrastructure",
    tags: t(["Kubernetes", "DevOps", "AWS", "Terraform", "Observability"], ["DevOps", "Kubernetes"]),
    need: t(["someone to review our Kubernetes setup", "advice on observability on a budget"], ["ревью инфраструктуры"]),
    offer: t(["Kubernetes and Terraform", "on-call, SLOs and incident reviews", "CI pipelines that stay fast"], ["настройку CI/CD"]),
  },
  {
    key: "ml",
    tags: t(["Machine learning", "Python", "LLMs", "Data engineering"], ["Машинное обучение", "Python"]),
    need: t(["a mentor for moving into ML engineering", "help evaluating LLM outputs"], ["ментора по машинному обучению"]),
    offer: t(["ML pipelines and model serving", "evaluating LLM features", "data engineering with Spark and dbt"], ["ML-пайплайны"]),
  },
  {
    key: "rust",
    tags: t(["Rust", "Systems programming", "WebAssembly"], ["Rust"]),
    need: t(["a Rust mentor", "code review on my first Rust crate"], ["ментора по Rust"]),
    offer: t(["Rust ownership and async", "WebAssembly in the browser"], ["асинхронный Rust"]),
  },
  {
    key: "mobile",
    tags: t(["iOS", "Android", "Swift", "Kotlin", "React Native"], ["Мобильная разработка"]),
    need: t(["advice on going native vs cross-platform", "help with App Store review"], ["совет по мобильной разработке"]),
    offer: t(["native iOS with SwiftUI", "Kotlin and Jetpack Compose"], ["iOS-разработку"]),
  },
  {
    key: "security",
    tags: t(["Security", "AppSec", "OAuth"], ["Безопасность"]),
    need: t(["a security review of our auth flow", "advice on preparing for SOC 2"], ["аудит безопасности"]),
    offer: t(["threat modelling and AppSec reviews", "OAuth and OpenID Connect done right"], ["аудит безопасности приложений"]),
  },
  {
    key: "career",
    tags: t(["Career growth", "Engineering management", "Mentoring"], ["Карьера", "Менторство"]),
    need: t(["advice on the staff engineer path", "practice for system design interviews", "a mentor for my first lead role"], ["совет по карьере"]),
    offer: t(["mock system design interviews", "moving from IC to engineering manager", "writing a promotion case"], ["пробные собеседования"]),
  },
  {
    key: "open-source",
    tags: t(["Open source", "Developer tools"], ["Open source"]),
    need: t(["co-maintainers for my open-source library", "feedback on a CLI tool"], ["соавторов для open-source проекта"]),
    offer: t(["maintaining open-source projects", "writing docs people actually read"], ["поддержку open-source проектов"]),
  },
];

const EUROPE_AND_BEYOND: City[] = [
  { name: { en: "London", ru: "Лондон" }, lat: 51.5072, lon: -0.1276 },
  { name: { en: "Berlin", ru: "Берлин" }, lat: 52.52, lon: 13.405 },
  { name: { en: "Lisbon", ru: "Лиссабон" }, lat: 38.7223, lon: -9.1393 },
  { name: { en: "Amsterdam", ru: "Амстердам" }, lat: 52.3676, lon: 4.9041 },
  { name: { en: "Paris", ru: "Париж" }, lat: 48.8566, lon: 2.3522 },
  { name: { en: "Barcelona", ru: "Барселона" }, lat: 41.3874, lon: 2.1686 },
  { name: { en: "Stockholm", ru: "Стокгольм" }, lat: 59.3293, lon: 18.0686 },
  { name: { en: "Tallinn", ru: "Таллин" }, lat: 59.437, lon: 24.7536 },
  { name: { en: "Warsaw", ru: "Варшава" }, lat: 52.2297, lon: 21.0122 },
  { name: { en: "Dublin", ru: "Дублин" }, lat: 53.3498, lon: -6.2603 },
  { name: { en: "Manchester", ru: "Манчестер" }, lat: 53.4808, lon: -2.2426 },
  { name: { en: "Edinburgh", ru: "Эдинбург" }, lat: 55.9533, lon: -3.1883 },
  { name: { en: "Munich", ru: "Мюнхен" }, lat: 48.1351, lon: 11.582 },
  { name: { en: "Zurich", ru: "Цюрих" }, lat: 47.3769, lon: 8.5417 },
  { name: { en: "Dubai", ru: "Дубай" }, lat: 25.2048, lon: 55.2708 },
  { name: { en: "New York", ru: "Нью-Йорк" }, lat: 40.7128, lon: -74.006 },
  { name: { en: "San Francisco", ru: "Сан-Франциско" }, lat: 37.7749, lon: -122.4194 },
  { name: { en: "Toronto", ru: "Торонто" }, lat: 43.6532, lon: -79.3832 },
  { name: { en: "Singapore", ru: "Сингапур" }, lat: 1.3521, lon: 103.8198 },
  { name: { en: "Tel Aviv", ru: "Тель-Авив" }, lat: 32.0853, lon: 34.7818 },
];

// Moscow and Saint Petersburg are listed more than once: most members of such a community live there.
const RUSSIAN_SPEAKING: City[] = [
  { name: { en: "Moscow", ru: "Москва" }, lat: 55.7558, lon: 37.6173 },
  { name: { en: "Moscow", ru: "Москва" }, lat: 55.7558, lon: 37.6173 },
  { name: { en: "Moscow", ru: "Москва" }, lat: 55.7558, lon: 37.6173 },
  { name: { en: "Saint Petersburg", ru: "Санкт-Петербург" }, lat: 59.9311, lon: 30.3609 },
  { name: { en: "Saint Petersburg", ru: "Санкт-Петербург" }, lat: 59.9311, lon: 30.3609 },
  { name: { en: "Kazan", ru: "Казань" }, lat: 55.7887, lon: 49.1221 },
  { name: { en: "Yekaterinburg", ru: "Екатеринбург" }, lat: 56.8389, lon: 60.6057 },
  { name: { en: "Novosibirsk", ru: "Новосибирск" }, lat: 55.0084, lon: 82.9357 },
  { name: { en: "Nizhny Novgorod", ru: "Нижний Новгород" }, lat: 56.2965, lon: 43.9361 },
  { name: { en: "Krasnodar", ru: "Краснодар" }, lat: 45.0355, lon: 38.9753 },
  { name: { en: "Samara", ru: "Самара" }, lat: 53.1959, lon: 50.1002 },
  { name: { en: "Rostov-on-Don", ru: "Ростов-на-Дону" }, lat: 47.2357, lon: 39.7015 },
  { name: { en: "Tbilisi", ru: "Тбилиси" }, lat: 41.7151, lon: 44.8271 },
  { name: { en: "Yerevan", ru: "Ереван" }, lat: 40.1792, lon: 44.4991 },
  { name: { en: "Almaty", ru: "Алматы" }, lat: 43.222, lon: 76.8512 },
  { name: { en: "Minsk", ru: "Минск" }, lat: 53.9006, lon: 27.559 },
];

const GLOBAL_TECH: City[] = [
  ...EUROPE_AND_BEYOND,
  { name: { en: "Bangalore", ru: "Бангалор" }, lat: 12.9716, lon: 77.5946 },
  { name: { en: "Seattle", ru: "Сиэтл" }, lat: 47.6062, lon: -122.3321 },
  { name: { en: "Austin", ru: "Остин" }, lat: 30.2672, lon: -97.7431 },
  { name: { en: "São Paulo", ru: "Сан-Паулу" }, lat: -23.5558, lon: -46.6396 },
  { name: { en: "Sydney", ru: "Сидней" }, lat: -33.8688, lon: 151.2093 },
  { name: { en: "Tokyo", ru: "Токио" }, lat: 35.6762, lon: 139.6503 },
  { name: { en: "Kraków", ru: "Краков" }, lat: 50.0647, lon: 19.945 },
  { name: { en: "Belgrade", ru: "Белград" }, lat: 44.7866, lon: 20.4489 },
];

export const FOUNDERS: Flavour = {
  otherLanguageShare: 0,
  topics: BUSINESS_TOPICS,
  extraTags: t(
    ["SaaS", "Fintech", "Healthtech", "Climate tech", "Edtech", "Marketplaces", "B2B", "D2C", "Remote work", "Bootstrapping", "Pre-seed", "Seed stage"],
    ["SaaS", "Финтех", "Медтех", "E-commerce", "B2B", "Стартапы", "Удалённая работа"],
  ),
  companies: t(
    [
      "Lumen Labs", "Brightpath", "Northwind Health", "Kestrel Pay", "Fernway", "Tidewater Energy", "Copperleaf", "Orbital Learning",
      "Quill & Co", "Hatchway", "Parcelly", "Mossgreen", "Sparrow Analytics", "Heliotrope", "Bramble Bio", "Loopline",
      "Foxglove Finance", "Stackwise", "Greenfield Robotics", "Harbour AI", "Nimbus Legal", "Openfield", "Pebble Health",
      "Ridgeback Security", "Saltmarsh", "Tandem Works", "Uplands Capital", "Vantage Point Ventures", "Wildflower Studio",
      "Yardstick", "Zephyr Mobility", "Cinder Foods", "Driftwood Data", "Evergreen Homes", "Flint Logistics", "Gossamer",
    ],
    ["Лаборатория Люмен", "Северный ветер", "Кварц Финанс", "Облако Данных"],
  ),
  positions: {
    en: [
      { title: "Founder & CEO", weight: 30 },
      { title: "Co-founder & CTO", weight: 14 },
      { title: "Co-founder & COO", weight: 8 },
      { title: "Co-founder", weight: 10 },
      { title: "Head of Growth", weight: 5 },
      { title: "Head of Product", weight: 5 },
      { title: "Angel investor", weight: 5 },
      { title: "Partner", weight: 4 },
      { title: "Fractional CFO", weight: 3 },
      { title: "Startup advisor", weight: 3 },
      { title: "Founder in residence", weight: 2 },
    ],
    ru: [
      { title: "Основатель и CEO", weight: 30 },
      { title: "Сооснователь и CTO", weight: 12 },
      { title: "Сооснователь", weight: 10 },
      { title: "Бизнес-ангел", weight: 5 },
    ],
  },
  about: {
    en: {
      opening: [
        "Building {company}: we help small clinics run their back office without spreadsheets.",
        "At {company} we make payroll painless for remote teams.",
        "{company} turns messy supplier data into forecasts that procurement teams trust.",
        "We are building {company}, a marketplace for independent home-care workers.",
        "{company} helps restaurants cut food waste with better ordering.",
        "Running {company}: carbon accounting for mid-sized manufacturers.",
        "{company} gives language teachers the tools to run their own online school.",
        "Started {company} to make compliance checks take minutes, not weeks.",
        "{company} is a tiny team with a big idea: fair, transparent freelance payments.",
        "Working on {company}, AI assistants for customer support teams.",
      ],
      middle: [
        "Before this I led growth at a Series B marketplace.",
        "Previously spent six years in strategy consulting.",
        "I was an engineer for a decade before starting my first company.",
        "This is my second company; the first was acquired in 2021.",
        "I came from product management in fintech.",
        "Earlier I ran operations for a fast-growing logistics startup.",
        "I bootstrapped to profitability and am now thinking about raising.",
        "Ex-investment banker, now much happier.",
      ],
      closing: [
        "Outside work: trail running and bad puns.",
        "Always up for a walk-and-talk.",
        "Ask me about sourdough.",
        "Happy to share what we learned the hard way.",
        "Dad of two, amateur cyclist.",
        "I read too many biographies.",
        "Learning Portuguese, slowly.",
        "",
      ],
    },
    ru: {
      opening: ["Развиваю {company}: автоматизируем бэк-офис для небольших клиник.", "В {company} делаем удобный расчёт зарплат для удалённых команд."],
      middle: ["До этого руководил ростом в маркетплейсе.", "Это моя вторая компания."],
      closing: ["Люблю бег и хорошие книги.", ""],
    },
  },
  goals: t(
    ["Close our seed round this year", "Find a technical co-founder", "Reach 1M ARR", "Hire the first five engineers", "Launch in the US", "Learn from founders one step ahead"],
    ["Закрыть посевной раунд", "Найти технического сооснователя", "Выйти на новый рынок"],
  ),
  cities: EUROPE_AND_BEYOND,
  answers: {
    superpower: t(
      [
        "Turning messy spreadsheets into decisions",
        "Cold emails that get replies",
        "Explaining technical products to non-technical buyers",
        "Negotiating with suppliers",
        "Hiring people smarter than me",
        "Writing clear investor updates",
        "Running customer interviews",
        "Calm in a crisis",
        "Pricing",
        "Building financial models",
      ],
      ["Превращаю хаос в таблицах в решения", "Умею договариваться с поставщиками", "Нанимаю людей сильнее себя", "Финансовые модели"],
    ),
    "industry.other": t(["Logistics", "Agritech", "Legal tech", "Gaming", "Proptech", "Travel"], ["Логистика", "Агротех", "Недвижимость"]),
    "help-topics.other": t(["Finding a co-founder", "Pricing", "Board management", "Avoiding burnout"], ["Поиск сооснователя", "Ценообразование"]),
  },
};

export const TOCHKA: Flavour = {
  otherLanguageShare: 0.1,
  topics: BUSINESS_TOPICS,
  extraTags: t(
    ["Retail", "Manufacturing", "HoReCa", "E-commerce", "Franchising", "Small business"],
    ["Ритейл", "Производство", "HoReCa", "E-commerce", "Франшиза", "Малый бизнес", "Маркетплейсы", "Госзакупки", "Строительство", "Экспорт"],
  ),
  companies: t(
    ["North Wind", "Grain Coffee", "Quartz Logistics", "Fresh Market"],
    [
      "ООО «Северный ветер»", "Кофейня «Зерно»", "Кварц Логистик", "Студия «Контур»", "Пекарня «Колосок»", "Агентство «Сигнал»",
      "Мебельная фабрика «Дуб»", "ТК «Магистраль»", "Школа «Аксиома»", "Ферма «Зелёный луг»", "Типография «Оттиск»",
      "ИП Смирнова", "Сеть «Фрешмаркет»", "Бюро «Чертёж»", "Клиника «Здравица»", "Гостиница «Волга»", "IT-студия «Пиксель»",
      "Производство «Текстиль Плюс»", "Ремонт «Мастерок»", "Цветочная мастерская «Флора»", "Автосервис «Гараж 77»",
      "Кондитерская «Пряник»", "Digital-агентство «Точка роста»", "Сыроварня «Белый камень»", "Центр английского «Лингва»",
    ],
  ),
  positions: {
    ru: [
      { title: "Основатель", weight: 25 },
      { title: "Генеральный директор", weight: 18 },
      { title: "Совладелец", weight: 10 },
      { title: "Коммерческий директор", weight: 8 },
      { title: "Директор по маркетингу", weight: 6 },
      { title: "Индивидуальный предприниматель", weight: 10 },
      { title: "Руководитель отдела продаж", weight: 6 },
      { title: "Финансовый директор", weight: 4 },
      { title: "Бизнес-консультант", weight: 4 },
    ],
    en: [
      { title: "Founder", weight: 10 },
      { title: "Managing director", weight: 6 },
      { title: "Head of sales", weight: 4 },
    ],
  },
  about: {
    ru: {
      opening: [
        "Руковожу {company}: работаем с малым бизнесом по всей России.",
        "{company} — семейный бизнес, который я развиваю уже восемь лет.",
        "Основал {company} в 2019 году, сейчас у нас три точки в городе.",
        "В {company} производим и продаём через маркетплейсы.",
        "{company} помогает компаниям наводить порядок в учёте и финансах.",
        "Развиваю {company}, сейчас готовимся открыть второй филиал.",
        "{company} — небольшая команда, делаем продукт для локального рынка.",
        "Запустил {company} после десяти лет в найме.",
      ],
      middle: [
        "До этого работал в крупном ритейле.",
        "Раньше руководил отделом продаж в дистрибуции.",
        "Начинал с небольшого магазина, сейчас команда из 40 человек.",
        "Прошёл акселератор и пару неудачных запусков.",
        "Много лет в маркетинге, теперь строю своё.",
        "Сейчас масштабируемся и ищем партнёров в регионах.",
      ],
      closing: ["Люблю горы и велосипед.", "Открыт к знакомствам и обмену опытом.", "Читаю про менеджмент и историю.", "Готов делиться опытом.", ""],
    },
    en: {
      opening: ["Running {company}: we serve small businesses across the region.", "{company} is a family business I have grown for eight years."],
      middle: ["Before this I worked in retail.", "Now scaling and looking for partners."],
      closing: ["Open to new connections.", ""],
    },
  },
  goals: t(
    ["Find partners in new regions", "Grow sales by a third", "Open a second location"],
    ["Найти партнёров в регионах", "Увеличить продажи на треть", "Открыть вторую точку", "Выйти на маркетплейсы", "Найти наставника", "Обменяться опытом с предпринимателями"],
  ),
  cities: RUSSIAN_SPEAKING,
  answers: {
    request: t(
      ["Looking for partners in other regions", "Want to swap experience with other owners", "Looking for a mentor"],
      [
        "Ищу партнёров для выхода в регионы",
        "Хочу обмениваться опытом с другими предпринимателями",
        "Ищу наставника по управлению командой",
        "Нужны новые клиенты в B2B",
        "Хочу найти поставщиков и подрядчиков",
        "Интересны совместные проекты и коллаборации",
        "Ищу инвестора для расширения",
      ],
    ),
    "sphere.other": t(["Logistics", "Construction", "Healthcare"], ["Логистика", "Строительство", "Медицина", "Сельское хозяйство", "Туризм"]),
  },
};

export const DEVGUILD: Flavour = {
  otherLanguageShare: 0,
  topics: ENGINEERING_TOPICS,
  extraTags: t(
    ["TypeScript", "Python", "Go", "Rust", "Java", "Kotlin", "C#", "Distributed systems", "Testing", "Code review", "Remote work", "Side projects"],
    ["TypeScript", "Python", "Go"],
  ),
  companies: t(
    [
      "Acme Cloud", "Bitforge", "Cobalt Systems", "Deltastream", "Ember Software", "Foundry Labs", "Gridline", "Hexagon Apps",
      "Ironbark", "Juniper Data", "Keystone Payments", "Lattice Health", "Monorail", "Nightjar Games", "Oakridge Analytics",
      "Pinecone Robotics", "Quantum Leap Studio", "Redwood Bank", "Signal Path", "Tinkerbox", "Unison Audio", "Vertex Maps",
      "Waypoint Travel", "Freelance", "Open source",
    ],
    ["Фрилансер"],
  ),
  positions: {
    en: [
      { title: "Senior Software Engineer", weight: 25 },
      { title: "Software Engineer", weight: 20 },
      { title: "Staff Engineer", weight: 8 },
      { title: "Principal Engineer", weight: 3 },
      { title: "Engineering Manager", weight: 8 },
      { title: "Frontend Developer", weight: 8 },
      { title: "Backend Engineer", weight: 10 },
      { title: "Site Reliability Engineer", weight: 5 },
      { title: "ML Engineer", weight: 6 },
      { title: "Mobile Developer", weight: 4 },
      { title: "Junior Developer", weight: 5 },
      { title: "CTO", weight: 3 },
    ],
    ru: [{ title: "Senior Software Engineer", weight: 1 }],
  },
  about: {
    en: {
      opening: [
        "{position} at {company}, mostly working on payments infrastructure.",
        "I build internal developer tools at {company}.",
        "At {company} I look after our data pipelines and the occasional fire.",
        "Shipping mobile apps at {company}.",
        "{position} at {company}: search, ranking and too many dashboards.",
        "Working on the platform team at {company}.",
        "I write the APIs our mobile apps talk to at {company}.",
        "Independent developer; I help small teams ship their first version.",
      ],
      middle: [
        "Self-taught, came from a physics background.",
        "Moved from frontend to backend two years ago.",
        "Bootcamp graduate, now five years in.",
        "I maintain a couple of small open-source libraries.",
        "Previously at an agency, building everything for everyone.",
        "Currently preparing for staff-level interviews.",
        "I like boring technology and good tests.",
      ],
      closing: ["Mechanical keyboards, yes.", "Coffee first, then code review.", "Happy to pair on anything TypeScript.", "Rock climbing on weekends.", ""],
    },
    ru: { opening: ["{position} в {company}."], middle: ["Пишу на TypeScript."], closing: [""] },
  },
  goals: t(
    ["Get promoted to staff engineer", "Ship a side project this year", "Contribute to a big open-source project", "Mentor two junior developers", "Learn Rust properly"],
    ["Выучить Rust"],
  ),
  cities: GLOBAL_TECH,
  answers: {
    learning: t(
      [
        "Rust async and tokio internals",
        "Kubernetes operators",
        "System design for interviews",
        "Building with LLM APIs",
        "Postgres internals",
        "SwiftUI",
        "Distributed tracing with OpenTelemetry",
        "Functional programming in Scala",
        "How to be a better engineering manager",
      ],
      ["Асинхронный Rust", "Kubernetes"],
    ),
    "stack.other": t(["Elixir", "Ruby", "Scala", "Haskell", "PHP", "C++", "Clojure"], ["Elixir", "Ruby"]),
  },
};

// The bank-partner club (northbank) is business owners too: the founders vocabulary fits it.
export const FLAVOURS: Record<string, Flavour> = { founders: FOUNDERS, tochka: TOCHKA, devguild: DEVGUILD, northbank: FOUNDERS };

/** Answers for a FREE_TEXT option or TEXT question the flavour has no words for. */
export const GENERIC_ANSWERS: Record<Lang, string[]> = {
  en: ["Happy to talk about it over coffee", "Still figuring this out", "A bit of everything"],
  ru: ["Расскажу при встрече", "Пока думаю над этим", "Всего понемногу"],
};
