/**
 * Seeded generator of realistic communities for tests and the benchmark: Zipf-distributed
 * tags (EN and RU) and cities, EN (70%) / RU (30%) profile texts composed from phrase
 * templates around skill topics — a member offers their expertise and looks for other
 * topics, so complementarity is real — onboarding answers, a few admin scores, dislikes,
 * history pairs and meeting feedback. Same (n, seed) -> same community.
 */
import { Rng, permutation, sampleCdf, zipfCdf } from "../matching/engine/random.ts";
import type { AdminPairScore, CommunityInput, ExcludedPair, MemberFeatures, PairFeedback } from "../matching/engine/types.ts";

const TAGS_EN = (
  "AI|Machine learning|Fintech|Edtech|Healthtech|SaaS|E-commerce|Marketplaces|Blockchain|Crypto|Web3|Gaming|Media|" +
  "Marketing|Growth|Sales|B2B|B2C|Product management|UX design|UI design|Data science|Analytics|Big data|Cloud|DevOps|" +
  "Cybersecurity|IoT|Robotics|Hardware|Biotech|Climate tech|Energy|Sustainability|Agritech|Foodtech|Proptech|" +
  "Real estate|Legaltech|HR tech|Recruiting|Insurtech|Logistics|Mobility|Travel|Fashion|Retail|Consulting|Venture capital|" +
  "Angel investing|Fundraising|Startups|Entrepreneurship|Leadership|Management|Public speaking|Writing|Content|" +
  "Podcasts|Photography|Music|Art|Design thinking|Open source|Python|JavaScript|TypeScript|Go|Rust|Java|Mobile apps|iOS|" +
  "Android|Frontend|Backend|Infrastructure|Databases|NLP|Computer vision|LLM|Generative AI|Quantum computing|" +
  "Telecom|Space|Aviation|Automotive|Manufacturing|Supply chain|Procurement|Finance|Accounting|Banking|Payments|" +
  "Wealth management|Trading|Economics|Policy|Government|Nonprofit|Social impact|Education|Coaching|Mentoring|" +
  "Psychology|Wellness|Fitness|Running|Yoga|Chess|Board games|Cooking|Wine|Coffee|Books|Languages|Parenting|" +
  "Remote work|Community building|Events|Networking|Partnerships|Business development|Customer success|Support|" +
  "Operations|Strategy|M&A|Legal|Compliance|Privacy|Sales enablement|SEO|SMM|Branding|PR|Copywriting|Video|" +
  "Animation|3D|AR/VR|Metaverse|Esports|Sports|Outdoors|Hiking|Cycling|Sailing|Diving|Travel hacking|Relocation|" +
  "Immigration|Freelance|No-code|Low-code|Automation|Product analytics|A/B testing|Pricing|Monetization|" +
  "Customer development|Go-to-market|Scaling|Bootstrapping|Exits|Impact investing|ESG|Carbon markets|Circular economy"
).split("|");

const TAGS_RU = (
  "ИИ|Машинное обучение|Финтех|Образование|Медицина|Маркетинг|Продажи|Стартапы|Предпринимательство|Инвестиции|" +
  "Венчур|Управление продуктом|Дизайн|Аналитика|Разработка|Программирование|Менеджмент|Лидерство|HR|Найм|Рекрутинг|" +
  "Недвижимость|Ритейл|Логистика|Производство|Энергетика|Экология|Консалтинг|Юриспруденция|Бухгалтерия|Финансы|" +
  "Банки|Платежи|Трейдинг|Экономика|Госсектор|НКО|Благотворительность|Психология|Коучинг|Менторство|Спорт|Бег|" +
  "Йога|Шахматы|Настольные игры|Кулинария|Вино|Кофе|Книги|Языки|Путешествия|Релокация|Фриланс|Удалённая работа|" +
  "Сообщества|Мероприятия|Нетворкинг|Партнёрства|Развитие бизнеса|Стратегия|Операционка|Продуктовая аналитика|" +
  "Ценообразование|Брендинг|PR|Копирайтинг|Видео|Подкасты|Фотография|Музыка|Искусство|Игры|Киберспорт|Кибербезопасность|" +
  "Облака|DevOps|Мобильная разработка|Фронтенд|Бэкенд|Базы данных|Робототехника|Биотех|Агротех|E-com|Маркетплейсы|" +
  "Туризм|Мода|Медиа|Блогинг|SMM|SEO|Автоматизация|No-code|Электромобили|Космос|Наука|Родительство"
).split("|");

/** Skill topics: what members offer and look for, as EN and RU phrases (bench:matching embeds each once to give members vectors). */
export const TOPICS: readonly [string, string][] = [
  ["fundraising", "привлечение инвестиций"],
  ["product management", "управление продуктом"],
  ["marketing strategy", "маркетинговая стратегия"],
  ["hiring engineers", "найм разработчиков"],
  ["Python programming", "программирование на Python"],
  ["machine learning models", "модели машинного обучения"],
  ["sales in B2B", "продажи в B2B"],
  ["pitch decks", "питч-деки"],
  ["financial modelling", "финансовое моделирование"],
  ["UX research", "UX-исследования"],
  ["brand design", "дизайн бренда"],
  ["growth hacking", "growth-хакинг"],
  ["SEO and content marketing", "SEO и контент-маркетинг"],
  ["legal questions for startups", "юридические вопросы для стартапов"],
  ["company registration abroad", "регистрация компании за рубежом"],
  ["relocation to Europe", "релокация в Европу"],
  ["public speaking", "публичные выступления"],
  ["leadership and team management", "лидерство и управление командой"],
  ["career change into IT", "переход в IT"],
  ["mobile app development", "разработка мобильных приложений"],
  ["data analytics", "аналитика данных"],
  ["cloud infrastructure", "облачная инфраструктура"],
  ["cybersecurity audits", "аудит кибербезопасности"],
  ["e-commerce operations", "операционка в e-commerce"],
  ["marketplace launch", "запуск на маркетплейсах"],
  ["pricing and monetization", "ценообразование и монетизация"],
  ["customer development interviews", "кастдев-интервью"],
  ["go-to-market strategy", "стратегия выхода на рынок"],
  ["partnerships with corporates", "партнёрства с корпорациями"],
  ["angel investing", "ангельские инвестиции"],
  ["accounting and taxes", "бухгалтерия и налоги"],
  ["recruiting and HR processes", "рекрутинг и HR-процессы"],
  ["community building", "построение сообществ"],
  ["event organization", "организация мероприятий"],
  ["copywriting", "копирайтинг"],
  ["video production", "видеопродакшн"],
  ["podcast production", "продакшн подкастов"],
  ["blockchain development", "разработка на блокчейне"],
  ["LLM applications", "приложения на LLM"],
  ["no-code automation", "no-code автоматизация"],
  ["frontend development", "фронтенд-разработка"],
  ["backend architecture", "архитектура бэкенда"],
  ["mentoring junior developers", "менторство джунов"],
  ["coaching and burnout", "коучинг и выгорание"],
  ["parenting and work balance", "баланс работы и родительства"],
  ["learning English", "изучение английского"],
  ["real estate investments", "инвестиции в недвижимость"],
  ["climate tech projects", "климатические проекты"],
  ["grant writing for nonprofits", "написание грантов для НКО"],
  ["supply chain optimisation", "оптимизация цепочек поставок"],
  ["manufacturing in Asia", "производство в Азии"],
  ["payments integration", "интеграция платежей"],
  ["banking licences", "банковские лицензии"],
  ["trading strategies", "торговые стратегии"],
  ["game design", "геймдизайн"],
  ["photography", "фотография"],
  ["personal branding", "личный бренд"],
  ["negotiations", "переговоры"],
  ["scaling a startup", "масштабирование стартапа"],
  ["exit and M&A", "продажа компании и M&A"],
];

const ROLES: readonly [string, string][] = [
  ["founder", "основатель"],
  ["product manager", "продакт-менеджер"],
  ["software developer", "разработчик"],
  ["designer", "дизайнер"],
  ["marketer", "маркетолог"],
  ["investor", "инвестор"],
  ["data scientist", "дата-сайентист"],
  ["sales lead", "руководитель продаж"],
  ["lawyer", "юрист"],
  ["HR director", "HR-директор"],
  ["consultant", "консультант"],
  ["analyst", "аналитик"],
  ["CTO", "технический директор"],
  ["researcher", "исследователь"],
  ["coach", "коуч"],
];

const INDUSTRIES: readonly [string, string][] = [
  ["fintech", "финтех"],
  ["edtech", "образование"],
  ["healthcare", "медицина"],
  ["retail", "ритейл"],
  ["logistics", "логистика"],
  ["media", "медиа"],
  ["gaming", "игры"],
  ["real estate", "недвижимость"],
  ["energy", "энергетика"],
  ["travel", "туризм"],
  ["SaaS", "SaaS"],
  ["e-commerce", "e-commerce"],
];

/** Cities with the spellings members actually use (normalisation folds them). */
const CITIES: readonly string[][] = [
  ["Moscow", "Москва", "г. Москва", "Moscow, Russia"],
  ["Saint Petersburg", "Санкт-Петербург", "СПб", "St. Petersburg"],
  ["London"],
  ["Berlin", "Берлин"],
  ["Tbilisi", "Тбилиси"],
  ["Yerevan", "Ереван"],
  ["Almaty", "Алматы"],
  ["Dubai", "Дубай"],
  ["Belgrade", "Белград"],
  ["Lisbon", "Лиссабон"],
  ["New York", "NYC"],
  ["San Francisco", "SF"],
  ["Limassol", "Лимассол"],
  ["Amsterdam"],
  ["Paris"],
  ["Barcelona"],
  ["Warsaw"],
  ["Prague"],
  ["Vienna"],
  ["Tel Aviv"],
  ["Istanbul"],
  ["Bangkok"],
  ["Bali"],
  ["Singapore"],
  ["Novosibirsk", "Новосибирск"],
  ["Yekaterinburg", "Екатеринбург"],
  ["Kazan", "Казань"],
  ["Minsk", "Минск"],
  ["Riga"],
  ["Vilnius"],
  ["Tallinn"],
  ["Helsinki"],
  ["Munich"],
  ["Zurich"],
  ["Milan"],
  ["Madrid"],
  ["Toronto"],
  ["Austin"],
  ["Boston"],
  ["Buenos Aires"],
];

const CAN_EN = [
  "I can help with {0} and {1}.",
  "Happy to share my experience in {0}, {1} and {2}.",
  "Ask me about {0}. I also know a lot about {1}.",
  "{0}, {1}",
  "I have done {0} many times and can advise on {1}.",
];
const NEED_EN = [
  "Looking for advice on {0}.",
  "I need help with {0} and {1}.",
  "Want to find a partner who knows {0}.",
  "Looking for people experienced in {0} and {1}.",
  "Struggling with {0} right now, any help is welcome.",
];
const ABOUT_EN = [
  "{role} in {industry}. Interested in {0}.",
  "I work as a {role} at a {industry} startup and love {0}.",
  "{role}, {industry}. Previously worked on {0}.",
];
const CAN_RU = [
  "Могу помочь: {0} и {1}.",
  "Готов поделиться опытом: {0}, {1}, {2}.",
  "Консультирую по темам: {0}. Также разбираюсь в теме {1}.",
  "{0}, {1}",
];
const NEED_RU = [
  "Ищу совета: {0}.",
  "Нужна помощь: {0} и {1}.",
  "Ищу партнёра, который понимает {0}.",
  "Сейчас разбираюсь с темой {0}, буду рад помощи.",
];
const ABOUT_RU = ["{role}, {industry}. Интересуюсь темой {0}.", "Работаю как {role} в сфере {industry}, люблю {0}."];

function fill(template: string, topics: readonly string[], extra: Record<string, string> = {}): string {
  return template.replace(/\{(\w+)\}/g, (_, key: string) => {
    const i = Number(key);
    if (Number.isInteger(i)) return topics[i % topics.length] ?? "";
    return extra[key] ?? "";
  });
}

export interface SyntheticOptions {
  /** Share of members that are eligible this week (the rest get a random ineligibility). */
  eligibleShare?: number;
  /** Admin-scored pairs per member. */
  adminScoresPerMember?: number;
  dislikesPerMember?: number;
  historyPerMember?: number;
}

/** A seeded community of n members; ids are "m0".."m{n-1}". */
export function syntheticCommunity(n: number, seed: number | string, options: SyntheticOptions = {}): CommunityInput {
  const rng = new Rng(`synthetic:${seed}`);
  const eligibleShare = options.eligibleShare ?? 0.95;
  const allTags = [...TAGS_EN, ...TAGS_RU];
  const tagOrder = permutation(allTags.length, rng);
  const tagCdf = zipfCdf(allTags.length, 1);
  const topicOrder = permutation(TOPICS.length, rng);
  const topicCdf = zipfCdf(TOPICS.length, 0.8);
  const cityCdf = zipfCdf(CITIES.length, 1.1);
  const questions = Array.from({ length: 5 }, (_, q) => ({ id: `q${q + 1}`, options: rng.range(3, 8) }));
  const optionCdfs = questions.map((q) => zipfCdf(q.options, 0.7));

  const topic = (): number => topicOrder[sampleCdf(topicCdf, rng)] as number;
  const distinctTopics = (count: number, avoid: ReadonlySet<number>): number[] => {
    const out = new Set<number>();
    for (let tries = 0; out.size < count && tries < count * 10; tries++) {
      const t = topic();
      if (!avoid.has(t)) out.add(t);
    }
    return [...out];
  };

  const members: MemberFeatures[] = [];
  for (let i = 0; i < n; i++) {
    const ru = rng.chance(0.3);
    const lang = ru ? 1 : 0;
    const tagCount = rng.range(3, 8);
    const tags = new Set<string>();
    for (let tries = 0; tags.size < tagCount && tries < 40; tries++) tags.add(allTags[tagOrder[sampleCdf(tagCdf, rng)] as number] as string);
    // Templates use up to 3 offered and 2 needed topics; draw that many distinct ones.
    const offers = distinctTopics(3, new Set());
    const needs = distinctTopics(2, new Set(offers));
    const phrase = (t: number): string => (TOPICS[t] as [string, string])[lang];
    const role = (rng.pick(ROLES) as [string, string])[lang];
    const industry = (rng.pick(INDUSTRIES) as [string, string])[lang];
    const cityVariants = CITIES[sampleCdf(cityCdf, rng)] as string[];
    const answers = questions.map((q, qi) => `${q.id}:o${sampleCdf(optionCdfs[qi] as Float64Array, rng) + 1}`);
    const ineligible = !rng.chance(eligibleShare);
    const flaw = ineligible ? rng.int(5) : -1;
    const hasFeedback = rng.chance(0.15);
    members.push({
      id: `m${i}`,
      tags: [...tags],
      lookingFor: fill(rng.pick(ru ? NEED_RU : NEED_EN), needs.map(phrase)),
      needHelpWith: rng.chance(0.3) ? fill(rng.pick(ru ? NEED_RU : NEED_EN), distinctTopics(2, new Set(offers)).map(phrase)) : "",
      canHelpWith: fill(rng.pick(ru ? CAN_RU : CAN_EN), offers.map(phrase)),
      about: fill(rng.pick(ru ? ABOUT_RU : ABOUT_EN), [phrase(topic())], { role, industry }),
      city: rng.chance(0.9) ? rng.pick(cityVariants) : null,
      answers: rng.chance(0.85) ? answers.slice(0, rng.range(2, 5)) : [],
      gender: rng.chance(0.8) ? (rng.chance(0.5) ? "female" : "male") : null,
      eligibility: {
        moderation: flaw === 0 ? "pending" : "confirmed",
        networkingEnabled: flaw !== 1,
        profileComplete: flaw !== 2,
        deleted: flaw === 3,
        paused: flaw === 4,
      },
      feedback: hasFeedback
        ? { ratingsReceived: rng.range(0, 6), meanRatingReceived: 1 + rng.next() * 4, noShows: rng.chance(0.3) ? rng.range(1, 4) : 0 }
        : undefined,
    });
  }

  const randomPair = (): [string, string] => {
    const a = rng.int(n);
    let b = rng.int(n - 1);
    if (b >= a) b++;
    return [`m${a}`, `m${b}`];
  };
  const adminScores: AdminPairScore[] = [];
  const exclusions: ExcludedPair[] = [];
  const pairFeedback: PairFeedback[] = [];
  if (n >= 2) {
    const admins = Math.round(n * (options.adminScoresPerMember ?? 0.02));
    for (let k = 0; k < admins; k++) {
      const [a, b] = randomPair();
      adminScores.push({ a, b, score: rng.range(0, 10) });
    }
    const dislikes = Math.round(n * (options.dislikesPerMember ?? 0.05));
    for (let k = 0; k < dislikes; k++) {
      const [a, b] = randomPair();
      exclusions.push({ a, b, reason: "dislike" });
    }
    const history = Math.round(n * (options.historyPerMember ?? 0.1));
    for (let k = 0; k < history; k++) {
      const [a, b] = randomPair();
      exclusions.push({ a, b, reason: "history" });
      if (rng.chance(0.5)) pairFeedback.push({ a, b, rating: rng.chance(0.1) ? null : rng.range(1, 5), noMeeting: rng.chance(0.1) });
    }
  }
  return { members, exclusions, adminScores, pairFeedback };
}
