/**
 * A hand-written labelled community for judging who the matching recommends (the matching-quality
 * issue). Written by a person, not generated, and never derived from the engine's vocabulary or
 * lexicon: 24 seekers whose one true helper offers what they need in other words, often in another
 * city and sometimes in the other language, and for each seeker a distractor who shares their
 * city, tags or words but cannot help. Everyone also has an everyday second line (a seeker can
 * help with something, a helper looks for something), as real members do.
 */

export type EvalMember = {
  key: string;
  lang: "en" | "ru";
  firstName: string;
  lastName: string;
  city: string;
  company: string;
  position: string;
  tags: string[];
  lookingForText: string;
  canHelpWithText: string;
};

export type PairKind = "EN-EN" | "RU-RU" | "RU-EN" | "EN-RU";

/** A seeker, their one helper, and members labelled as unable to help though they look alike. */
export type PlantedPair = { seeker: string; helper: string; distractors: string[]; kind: PairKind };

/** A labelled set: this file's development set, or a held-out set read from JSON (the same shape). */
export type EvalSet = { members: EvalMember[]; planted: PlantedPair[] };

const m = (
  key: string,
  lang: "en" | "ru",
  name: string,
  city: string,
  company: string,
  position: string,
  tags: string[],
  lookingForText: string,
  canHelpWithText: string,
): EvalMember => {
  const [firstName = name, lastName = ""] = name.split(" ");
  return { key, lang, firstName, lastName, city, company, position, tags, lookingForText, canHelpWithText };
};

export const MEMBERS: EvalMember[] = [
  // 1. co-founder ↔ CTO
  m("s01", "en", "Oliver Grant", "London", "Ledgerly", "Founder", ["startups", "saas", "fintech"], "Looking for a technical co-founder to build the product with me", "Customer discovery and pricing for B2B tools"),
  m("h01", "en", "Katrin Vogel", "Berlin", "Freelance", "Software architect", ["backend", "python", "architecture"], "A climbing partner on weekends", "Ready to join an early-stage company as CTO; ten years of shipping backend platforms"),
  m("d01", "en", "Harry Mills", "London", "Mills Bakery", "Owner", ["startups", "saas", "food"], "A co-founder for my bakery business who loves the morning shift", "Sourdough, running a small shop"),
  // 2. cross-border VAT ↔ EU indirect tax adviser
  m("s02", "en", "Sanne de Vries", "Amsterdam", "Tulip Goods", "CEO", ["ecommerce", "shopify", "retail"], "We sell on our Shopify store across the EU and need to sort out VAT registration for cross-border sales", "Growing an online store from zero to first 1,000 orders"),
  m("h02", "en", "Ciaran Walsh", "Dublin", "Walsh Tax Advisory", "Partner", ["tax", "compliance", "accounting"], "Good podcasts about history", "EU indirect tax for online retailers: OSS and IOSS returns, distance selling thresholds"),
  m("d02", "en", "Bram Jansen", "Amsterdam", "Pixel Themes", "Developer", ["ecommerce", "shopify", "web"], "Clients who need a new Shopify store theme", "I build Shopify stores and custom themes, fast"),
  // 3. рекламный ролик ↔ продюсер видео
  m("s03", "ru", "Анна Смирнова", "Москва", "Пульс", "Основатель", ["стартапы", "мобильные приложения"], "Нужно снять рекламный ролик к запуску нашего приложения", "Запуск приложений в сторах, ASO"),
  m("h03", "ru", "Игорь Лебедев", "Санкт-Петербург", "Кадр", "Продюсер", ["видео", "продакшн"], "Хороший бариста рядом с офисом", "Продюсирую промо-видео для брендов: сценарий, съёмка, монтаж"),
  m("d03", "ru", "Ольга Кузнецова", "Москва", "Дом и Ко", "Риелтор", ["стартапы", "недвижимость"], "Новых клиентов, которые хотят переехать", "Помогу снять квартиру в Москве без комиссии и подводных камней"),
  // 4. seed round (EN) ↔ business angel (RU)
  m("s04", "en", "Nino Beridze", "Tbilisi", "Gamma Labs", "Co-founder", ["startups", "edtech"], "Raising a seed round: intros to angel investors and help with our pitch deck", "Teaching kids to code, curriculum design"),
  m("h04", "ru", "Арам Саркисян", "Ереван", "Частный инвестор", "Бизнес-ангел", ["инвестиции", "венчур"], "Интересные шахматные партнёры", "Инвестирую в стартапы на ранней стадии, помогаю с питчем и привлечением инвестиций"),
  m("d04", "en", "Levan Kapanadze", "Tbilisi", "Kapa Foods", "Founder", ["startups", "edtech", "food"], "Looking for investors for my restaurant chain", "Opening restaurants in Georgia"),
  // 5. юрист по договорам и правам на код (RU) ↔ tech lawyer (EN)
  m("s05", "ru", "Рустам Галиев", "Казань", "КодЛаб", "Директор", ["разработка", "аутсорсинг"], "Ищу юриста: оформить договоры с подрядчиками и закрепить за компанией права на код", "Как собрать команду разработки в регионе"),
  m("h05", "en", "Elina Ozola", "Riga", "Ozola Legal", "Attorney", ["law", "technology"], "A Latvian-speaking tennis partner", "Tech lawyer: contractor agreements, IP assignment, software licensing"),
  m("d05", "ru", "Марат Сафин", "Казань", "Сафин Софт", "Менеджер проектов", ["разработка", "аутсорсинг"], "Ищу подрядчиков для разработки кода мобильного приложения", "Управление проектами по Scrum"),
  // 6. UX research ↔ usability testing
  m("s06", "en", "Ines Costa", "Lisbon", "Rota", "Product lead", ["mobile", "apps", "travel"], "Our app's onboarding converts badly; I need someone who understands UX research and can run user interviews", "Travel industry partnerships"),
  m("h06", "en", "Piotr Nowak", "Warsaw", "Nowak Studio", "Product designer", ["design", "research"], "Recommendations for board games", "Usability testing, customer interviews, redesigning sign-up flows"),
  m("d06", "en", "Tiago Silva", "Lisbon", "Freelance", "React Native developer", ["mobile", "apps"], "More app development contracts", "Building mobile apps in React Native"),
  // 7. ментор из инженеров в руководители ↔ менторство тимлидов
  m("s07", "ru", "Дмитрий Орлов", "Новосибирск", "Сибтех", "Старший инженер", ["инженерия", "карьера"], "Хочу найти ментора, который сам прошёл путь от инженера до руководителя", "Высоконагруженные системы на Go"),
  m("h07", "ru", "Елена Морозова", "Москва", "Облако", "Директор по разработке", ["менеджмент", "лидерство"], "Хорошую книгу о переговорах", "Помогаю тимлидам и инженерам вырасти в менеджеров, провожу менторские сессии"),
  m("d07", "ru", "Павел Зайцев", "Новосибирск", "Без работы", "Инженер", ["инженерия", "карьера"], "Ищу работу инженером в Новосибирске", "Ремонт электроники"),
  // 8. first sales hires ↔ built sales teams
  m("s08", "en", "Jake Turner", "New York", "Brightpath", "CEO", ["startups", "b2b", "hiring"], "Need to hire our first three salespeople and don't know how to structure their pay", "Fundraising stories from two exits"),
  m("h08", "en", "Priya Patel", "Toronto", "Advisor", "Former VP Sales", ["sales", "gtm"], "A good Toronto running route", "Built sales teams from zero twice: SDR hiring, quotas, commission plans"),
  m("d08", "en", "Mia Russo", "New York", "TalentBridge", "Tech recruiter", ["startups", "hiring"], "Companies hiring software engineers", "I recruit backend and frontend engineers"),
  // 9. cloud bill ↔ infrastructure cost optimisation
  m("s09", "en", "Lukas Weber", "Berlin", "Datafloss", "CTO", ["cloud", "data", "startups"], "Our cloud bill doubled this year; looking for someone to cut our AWS costs", "Data pipelines with Airflow"),
  m("h09", "en", "Tomas Novak", "Prague", "Novak Ops", "DevOps consultant", ["devops", "kubernetes"], "People to play five-a-side football with", "Infrastructure spend reviews, Kubernetes right-sizing, reserved instances and savings plans"),
  m("d09", "en", "Anke Schulz", "Berlin", "StoreBox", "Account executive", ["cloud", "startups"], "SMB customers for our cloud storage plans", "Selling cloud storage subscriptions"),
  // 10. компания в ОАЭ (RU) ↔ UAE company set-up (EN)
  m("s10", "ru", "Айгерим Нурланова", "Алматы", "Степь", "CEO", ["экспорт", "ритейл"], "Хотим выйти на рынок ОАЭ: как открыть компанию в Дубае", "Розница в Казахстане"),
  m("h10", "en", "Omar Haddad", "Dubai", "Haddad Corporate", "Managing director", ["uae", "corporate services"], "A reliable Arabic tutor for my kids", "I help founders set up companies in UAE free zones, with bank accounts and visas"),
  m("d10", "ru", "Ержан Султанов", "Алматы", "ТурМир", "Турагент", ["экспорт", "туризм"], "Клиентов для туров в Дубай", "Организую поездки и отдых в Дубае"),
  // 11. churn model ↔ retention ML
  m("s11", "en", "Camille Martin", "Paris", "Abonné", "Head of growth", ["subscriptions", "data"], "Looking for a data scientist to help build a churn prediction model", "Lifecycle email campaigns"),
  m("h11", "en", "Javier Ruiz", "Madrid", "Freelance", "Machine learning engineer", ["ml", "python"], "Spanish-speaking startup communities in Paris", "I build models that predict which customers will leave, and retention experiments"),
  m("d11", "en", "Hugo Bernard", "Paris", "Remote Help", "Virtual assistant", ["subscriptions", "data"], "Clients needing data entry work", "Data entry, spreadsheets, inbox management"),
  // 12. таргет не окупается ↔ performance-маркетинг
  m("s12", "ru", "Светлана Волкова", "Екатеринбург", "Уют", "Владелица", ["малый бизнес", "реклама"], "Нужна помощь с продвижением в соцсетях: таргетированная реклама не окупается", "Интерьерный текстиль"),
  m("h12", "ru", "Артём Белов", "Краснодар", "Лидген", "Маркетолог", ["маркетинг", "аналитика"], "Собеседника для пробежек", "Настраиваю performance-маркетинг: таргет, сквозная аналитика, снижаю стоимость заявки"),
  m("d12", "ru", "Виктор Ершов", "Екатеринбург", "Билборд-Урал", "Менеджер", ["малый бизнес", "реклама"], "Рекламодателей для билбордов", "Продаю рекламные места на билбордах в Екатеринбурге"),
  // 13. term sheet ↔ former VC
  m("s13", "en", "Wei Lin", "Singapore", "Harbor AI", "Founder", ["ai", "startups"], "I want to learn how to negotiate a term sheet; first time taking VC money", "Computer vision for logistics"),
  m("h13", "en", "Charlotte Hughes", "London", "Independent", "Former VC partner", ["venture capital", "finance"], "A quiet co-working space near King's Cross", "I review term sheets and coach founders through negotiations with investors"),
  m("d13", "en", "Ravi Kumar", "Singapore", "Student", "Learner", ["ai", "startups"], "A study buddy to learn to code together", "Tutoring maths"),
  // 14. логотип для кофейни (RU) ↔ brand identity (EN)
  m("s14", "ru", "Мария Соколова", "Санкт-Петербург", "Зерно", "Совладелица", ["кофе", "общепит"], "Ищу дизайнера: сделать логотип и фирменный стиль для кофейни", "Как выбрать помещение под кафе"),
  m("h14", "en", "Milan Petrovic", "Belgrade", "Forma", "Brand designer", ["branding", "design"], "A Belgrade jazz club recommendation", "Visual identity, logos and packaging for cafes and restaurants"),
  m("d14", "ru", "Сергей Фёдоров", "Санкт-Петербург", "Кофе-трейд", "Закупщик", ["кофе", "общепит"], "Поставщика зерна для новой кофейни", "Оптовые поставки сиропов"),
  // 15. founder burnout ↔ executive coach
  m("s15", "en", "Emily Clark", "Austin", "Sprout", "CEO", ["startups", "health"], "I'm burning out running my startup and need someone to talk to about founder mental health", "Scaling a D2C brand"),
  m("h15", "en", "Daniel Brooks", "Denver", "Brooks Coaching", "Executive coach", ["coaching", "leadership"], "Good hiking trails", "Coaching founders through stress and exhaustion, preventing burnout, finding balance"),
  m("d15", "en", "Tyler Reed", "Austin", "RunATX", "Fitness trainer", ["startups", "health"], "New members for my running club", "Running training plans"),
  // 16. бухгалтер на аутсорс ↔ удалённая бухгалтерия
  m("s16", "ru", "Никита Попов", "Москва", "ИП Попов", "Предприниматель", ["малый бизнес", "онлайн-школа"], "Нужен бухгалтер на аутсорс для ИП, путаюсь в налогах", "Запуск онлайн-курсов"),
  m("h16", "ru", "Татьяна Никитина", "Тверь", "Баланс", "Главный бухгалтер", ["бухгалтерия", "финансы"], "Курсы английского", "Веду бухгалтерию малого бизнеса удалённо, налоговая отчётность, УСН"),
  m("d16", "ru", "Антон Лесной", "Москва", "КассаПро", "Продавец", ["малый бизнес", "онлайн-школа"], "Покупателей онлайн-касс", "Продаю кассовые аппараты для ИП"),
  // 17. Rust code review ↔ systems code audits
  m("s17", "en", "Chloe Evans", "Sydney", "Kestrel", "Engineering manager", ["rust", "security"], "Looking for an experienced Rust developer to review our codebase for memory safety issues", "Hiring engineers in Australia"),
  m("h17", "en", "Liam Walker", "Auckland", "Walker Systems", "Systems programmer", ["c++", "systems"], "Surfing buddies", "Code audits of Rust and C++ projects: unsafe blocks, concurrency, soundness"),
  m("d17", "en", "Jack Miller", "Sydney", "Vintage Revival", "Car restorer", ["rust", "cars"], "Classic cars to restore", "Rust removal and bodywork on vintage cars"),
  // 18. подкаст (RU) ↔ audio producer (EN)
  m("s18", "ru", "Ксения Михайлова", "Самара", "Голос", "Журналист", ["медиа", "контент"], "Хочу запустить подкаст, не знаю, с чего начать: оборудование, запись", "Интервью и редактура текстов"),
  m("h18", "en", "Jonas Kazlauskas", "Vilnius", "Soundbay", "Audio producer", ["audio", "production"], "Vinyl record shops", "I help people launch podcasts: microphones, recording, editing, distribution"),
  m("d18", "ru", "Роман Гусев", "Самара", "Блог", "Блогер", ["медиа", "контент"], "Ищу гостей на свой YouTube-канал", "Монетизация YouTube"),
  // 19. FDA approval ↔ regulatory affairs
  m("s19", "en", "Megan Scott", "Chicago", "CardioSense", "Founder", ["medtech", "hardware"], "Need help getting our medical device through FDA approval", "Hardware prototyping"),
  m("h19", "en", "Robert Hayes", "Boston", "Hayes Regulatory", "Consultant", ["regulatory", "healthcare"], "Sailing lessons", "Regulatory affairs for medtech: 510(k) submissions and clinical evidence"),
  m("d19", "en", "Laura King", "Chicago", "Northside Hospital", "Nurse", ["medtech", "healthcare"], "A career change into tech", "Patient care, hospital workflows"),
  // 20. импорт из Китая, таможня ↔ таможенный брокер
  m("s20", "ru", "Алексей Ким", "Владивосток", "ДальТорг", "Директор", ["торговля", "импорт"], "Ищу партнёра для импорта товаров из Китая, нужна помощь с таможней", "Продажи на маркетплейсах"),
  m("h20", "ru", "Галина Романова", "Новосибирск", "ВЭД-Сервис", "Таможенный брокер", ["логистика", "вэд"], "Попутчиков в горы", "Растаможка грузов из Азии, декларирование, логистика ВЭД"),
  m("d20", "ru", "Чжан Вэй", "Владивосток", "Языковой центр", "Преподаватель", ["торговля", "импорт"], "Учеников", "Преподаю китайский язык"),
  // 21. literary agent ↔ editor
  m("s21", "en", "Sophie Tremblay", "Montreal", "Independent", "Writer", ["writing", "books"], "I want to get my non-fiction book published and need advice on finding a literary agent", "Copywriting for tech companies"),
  m("h21", "en", "Fiona Campbell", "Edinburgh", "Campbell Editorial", "Editor", ["publishing", "editing"], "Walking tours of old towns", "I guide authors through book proposals, submissions and publishers"),
  m("d21", "en", "Marc Gagnon", "Montreal", "Gagnon Books", "Bookshop owner", ["writing", "books"], "Local authors for readings in my bookshop", "Running an independent bookshop"),
  // 22. фотограф для каталога (RU) ↔ product photographer (EN)
  m("s22", "ru", "Юлия Андреева", "Сочи", "Лён", "Основатель", ["одежда", "ecommerce"], "Нужен фотограф для каталога одежды", "Пошив из льна"),
  m("h22", "en", "Emre Yilmaz", "Istanbul", "Studio Yilmaz", "Photographer", ["photography", "fashion"], "A good Turkish teacher for my wife", "Fashion and e-commerce product photography, lookbooks and catalogs"),
  m("d22", "ru", "Вадим Котов", "Сочи", "Оптом", "Менеджер", ["одежда", "ecommerce"], "Магазины, которые закупают одежду оптом", "Продаю одежду оптом"),
  // 23. Horizon grant ↔ grant writer
  m("s23", "en", "Kadri Tamm", "Tallinn", "GreenGrid", "CEO", ["energy", "climate"], "We want to apply for an EU Horizon grant and need someone who has written successful proposals", "Smart grid pilots with municipalities"),
  m("h23", "en", "Pierre Dubois", "Brussels", "Dubois Funding", "Grant consultant", ["funding", "eu"], "Cycling routes around Brussels", "Writing Horizon Europe and EIC Accelerator applications that win"),
  m("d23", "en", "Mart Kask", "Tallinn", "Job seeker", "Economist", ["energy", "climate"], "A job in the EU institutions", "Economic analysis"),
  // 24. автоматизация склада, 1С ↔ WMS
  m("s24", "ru", "Денис Соловьёв", "Пермь", "УралСнаб", "Операционный директор", ["логистика", "склад"], "Хотим автоматизировать склад, нужен специалист по 1С и учёту остатков", "Закупки металлопроката"),
  m("h24", "ru", "Ирина Васильева", "Уфа", "Склад-Софт", "Руководитель внедрения", ["wms", "автоматизация"], "Хороший бассейн", "Внедряю системы учёта и WMS для складов, интеграции с 1С"),
  m("d24", "ru", "Глеб Медведев", "Пермь", "ПромСклад", "Арендодатель", ["логистика", "склад"], "Арендаторов", "Сдаю складские помещения в аренду"),
];

const keys = (n: number) => String(n).padStart(2, "0");

const langOf = (key: string): string => (MEMBERS.find((x) => x.key === key)?.lang ?? "en").toUpperCase();

/** Seeker i's one true helper and the distractor planted beside them. */
export const PLANTED: PlantedPair[] = Array.from({ length: 24 }, (_, i) => ({
  seeker: `s${keys(i + 1)}`,
  helper: `h${keys(i + 1)}`,
  distractors: [`d${keys(i + 1)}`],
  kind: `${langOf(`s${keys(i + 1)}`)}-${langOf(`h${keys(i + 1)}`)}` as PairKind,
}));

/** The development set: tune on this one only. */
export const DEV_SET: EvalSet = { members: MEMBERS, planted: PLANTED };
