/**
 * The bilingual paraphrase benchmark's texts (bench/bilingual.ts): one professional need per item,
 * written as a Russian and an English need, and the offer that answers it as an English and a
 * Russian offer. The four texts of an item are paraphrases, not translations of each other: the
 * offer names the skill the way a helper would ("налоговый консультант"), the need the way a
 * seeker would ("разобраться с налогами"). Distractor offers answer no need here. Written for this
 * bench, not taken from any evaluation set; the bridge's glossary was written as general
 * professional vocabulary, but by the same hand, so the figures are a development measure.
 */
export interface BilingualItem {
  id: string;
  needRu: string;
  needEn: string;
  offerEn: string;
  offerRu: string;
}

export const ITEMS: readonly BilingualItem[] = [
  {
    id: "seed_round",
    needRu: "Ищу инвестора для посевного раунда нашего стартапа",
    needEn: "We are raising a seed round and looking for early-stage investors",
    offerEn: "Angel investor, I back early-stage startups with small cheques",
    offerRu: "Бизнес-ангел, вкладываю деньги в стартапы на ранней стадии",
  },
  {
    id: "tax_advice",
    needRu: "Нужна консультация по налогам для индивидуального предпринимателя",
    needEn: "Need advice on taxes as a self-employed sole trader",
    offerEn: "Tax consultant for freelancers and small businesses",
    offerRu: "Налоговый консультант, помогаю фрилансерам и малому бизнесу с налогами",
  },
  {
    id: "logo_design",
    needRu: "Нужен дизайнер, чтобы нарисовать логотип для кофейни",
    needEn: "Looking for someone to design a logo for my coffee shop",
    offerEn: "Graphic designer: logos, brand identity and packaging",
    offerRu: "Графический дизайнер, делаю логотипы и фирменный стиль",
  },
  {
    id: "backend_dev",
    needRu: "Ищу бэкенд-разработчика на Python для нашего сервиса",
    needEn: "Looking for a Python backend developer to build our web service",
    offerEn: "Senior backend engineer, Python and Django, APIs and databases",
    offerRu: "Бэкенд-разработчик, пишу серверную часть на Python и Django",
  },
  {
    id: "mobile_app",
    needRu: "Хочу сделать мобильное приложение для iOS и Android",
    needEn: "I want to build a mobile app for iPhone and Android",
    offerEn: "Mobile developer, I build apps with React Native and Swift",
    offerRu: "Разрабатываю мобильные приложения под айфон и андроид",
  },
  {
    id: "rent_flat",
    needRu: "Переезжаю в Берлин, ищу квартиру в аренду",
    needEn: "Moving to Berlin and need to find a flat to rent",
    offerEn: "Real estate agent helping expats rent apartments in Berlin",
    offerRu: "Риелтор, помогаю снять жильё в Берлине",
  },
  {
    id: "english_tutor",
    needRu: "Хочу подтянуть разговорный английский перед собеседованием",
    needEn: "I want to improve my spoken English before a job interview",
    offerEn: "English teacher, conversation practice and interview preparation",
    offerRu: "Преподаю английский язык, разговорная практика",
  },
  {
    id: "resume",
    needRu: "Помогите составить резюме для поиска работы в IT",
    needEn: "Need help writing a CV to apply for tech jobs",
    offerEn: "Career coach and recruiter, I review resumes and cover letters",
    offerRu: "Карьерный консультант, исправляю резюме и сопроводительные письма",
  },
  {
    id: "contract_lawyer",
    needRu: "Нужен юрист проверить договор с поставщиком",
    needEn: "Need a lawyer to review a supplier contract",
    offerEn: "Corporate lawyer, contracts and commercial agreements",
    offerRu: "Юрист по договорам и корпоративному праву",
  },
  {
    id: "accounting",
    needRu: "Ищу бухгалтера вести учёт небольшой компании",
    needEn: "Looking for an accountant to keep the books of a small company",
    offerEn: "Bookkeeper offering monthly accounting and payroll",
    offerRu: "Бухгалтер, веду бухучёт и зарплату для малого бизнеса",
  },
  {
    id: "smm",
    needRu: "Нужно продвижение нашего бренда в социальных сетях",
    needEn: "We need someone to grow our brand on social media",
    offerEn: "Social media manager: Instagram content, ads and community growth",
    offerRu: "SMM-специалист, веду соцсети и запускаю таргетированную рекламу",
  },
  {
    id: "seo",
    needRu: "Сайт плохо находится в поиске, нужна оптимизация",
    needEn: "Our website ranks badly in search engines and needs optimization",
    offerEn: "SEO specialist, search engine optimization and site audits",
    offerRu: "Занимаюсь поисковой оптимизацией сайтов",
  },
  {
    id: "photo",
    needRu: "Ищу фотографа на свадьбу в июне",
    needEn: "Looking for a photographer for our wedding in June",
    offerEn: "Wedding and event photographer",
    offerRu: "Фотограф, снимаю свадьбы и мероприятия",
  },
  {
    id: "video",
    needRu: "Нужно снять рекламный ролик для нашего продукта",
    needEn: "Need a promotional video shot for our product",
    offerEn: "Videographer and editor, I produce commercials and promo clips",
    offerRu: "Видеограф, снимаю и монтирую рекламные видео",
  },
  {
    id: "data_science",
    needRu: "Хотим построить модель машинного обучения для прогноза продаж",
    needEn: "We want a machine learning model to forecast sales",
    offerEn: "Data scientist, predictive models and forecasting",
    offerRu: "Дата-сайентист, строю модели прогнозирования и анализирую данные",
  },
  {
    id: "security",
    needRu: "Нужно проверить безопасность нашего веб-приложения",
    needEn: "We need a security review of our web application",
    offerEn: "Penetration tester, I audit web apps for vulnerabilities",
    offerRu: "Специалист по информационной безопасности, ищу уязвимости в приложениях",
  },
  {
    id: "cloud",
    needRu: "Хотим перенести инфраструктуру в облако",
    needEn: "We plan to migrate our infrastructure to the cloud",
    offerEn: "DevOps engineer, AWS and Kubernetes migrations",
    offerRu: "DevOps-инженер, переношу сервера в облако, настраиваю Kubernetes",
  },
  {
    id: "ux_research",
    needRu: "Нужно провести интервью с пользователями и улучшить интерфейс",
    needEn: "Need to run user interviews and improve our interface",
    offerEn: "UX researcher and designer, usability testing and user interviews",
    offerRu: "UX-исследователь, провожу тестирование интерфейсов с пользователями",
  },
  {
    id: "cofounder",
    needRu: "Ищу технического сооснователя в стартап",
    needEn: "Looking for a technical co-founder for my startup",
    offerEn: "Engineer looking to join an early startup as CTO and co-founder",
    offerRu: "Программист, готов стать техническим партнёром в новом проекте",
  },
  {
    id: "hiring",
    needRu: "Нужно нанять команду продаж, ищу рекрутера",
    needEn: "We need to hire a sales team and want a recruiter",
    offerEn: "Recruiter, I hire salespeople and account managers",
    offerRu: "Рекрутер, подбираю менеджеров по продажам",
  },
  {
    id: "sales_b2b",
    needRu: "Хочу научиться продавать корпоративным клиентам",
    needEn: "I want to learn how to sell to enterprise customers",
    offerEn: "B2B sales coach, enterprise deals and negotiation",
    offerRu: "Тренер по продажам B2B, учу вести переговоры с крупными клиентами",
  },
  {
    id: "pr",
    needRu: "Нужны публикации о нашей компании в СМИ",
    needEn: "We want press coverage of our company",
    offerEn: "PR manager with media contacts, I pitch stories to journalists",
    offerRu: "Пиарщик, пишу пресс-релизы и договариваюсь с журналистами",
  },
  {
    id: "translation",
    needRu: "Нужен перевод документов с немецкого на русский",
    needEn: "Need documents translated from German into Russian",
    offerEn: "Translator German, Russian and English, certified documents",
    offerRu: "Переводчик с немецкого языка, перевожу документы",
  },
  {
    id: "visa",
    needRu: "Помогите оформить визу и вид на жительство",
    needEn: "Need help with a visa and a residence permit application",
    offerEn: "Immigration consultant: visas, residence permits, relocation",
    offerRu: "Миграционный консультант, помогаю с визами и ВНЖ",
  },
  {
    id: "company_registration",
    needRu: "Хочу открыть компанию в Грузии",
    needEn: "I want to register a company in Georgia",
    offerEn: "I help founders incorporate and set up a business in Georgia",
    offerRu: "Регистрирую фирмы в Грузии под ключ",
  },
  {
    id: "grants",
    needRu: "Ищем грант на исследовательский проект",
    needEn: "We are looking for grant funding for a research project",
    offerEn: "Grant writer, I prepare funding applications for research and NGOs",
    offerRu: "Пишу грантовые заявки для научных проектов и некоммерческих организаций",
  },
  {
    id: "psychologist",
    needRu: "Выгорание на работе, хочу поговорить с психологом",
    needEn: "Burned out at work and would like to talk to a therapist",
    offerEn: "Psychologist, I work with burnout, stress and anxiety",
    offerRu: "Психотерапевт, работаю с выгоранием и тревогой",
  },
  {
    id: "fitness",
    needRu: "Хочу похудеть и начать заниматься спортом",
    needEn: "I want to lose weight and start exercising",
    offerEn: "Personal trainer, weight loss and strength training programmes",
    offerRu: "Фитнес-тренер, составляю программы тренировок и питания",
  },
  {
    id: "logistics",
    needRu: "Нужно наладить доставку товаров из Китая",
    needEn: "Need to set up shipping of goods from China",
    offerEn: "Logistics manager, freight and customs from Asia",
    offerRu: "Логист, организую перевозки грузов и таможню из Китая",
  },
  {
    id: "ecommerce",
    needRu: "Хочу запустить интернет-магазин одежды",
    needEn: "I want to launch an online clothing store",
    offerEn: "E-commerce consultant, Shopify stores and marketplaces",
    offerRu: "Помогаю запускать интернет-магазины на Shopify и маркетплейсах",
  },
  {
    id: "mentor_pm",
    needRu: "Ищу ментора, чтобы вырасти до продакт-менеджера",
    needEn: "Looking for a mentor to grow into a product manager role",
    offerEn: "Head of product, happy to mentor aspiring PMs",
    offerRu: "Руководитель продукта, менторю начинающих продактов",
  },
  {
    id: "music",
    needRu: "Нужна музыка для подкаста и сведение звука",
    needEn: "Need music and audio mixing for a podcast",
    offerEn: "Sound engineer and composer, mixing and podcast production",
    offerRu: "Звукорежиссёр, свожу звук и пишу музыку",
  },
  {
    id: "copywriting",
    needRu: "Нужны тексты для лендинга и рассылки",
    needEn: "Need copy for a landing page and email newsletter",
    offerEn: "Copywriter, website copy and email campaigns",
    offerRu: "Копирайтер, пишу продающие тексты для сайтов",
  },
  {
    id: "finance_model",
    needRu: "Нужна финансовая модель и прогноз денежного потока",
    needEn: "Need a financial model and a cash flow forecast",
    offerEn: "CFO for startups, financial modelling and budgeting",
    offerRu: "Финансовый директор, строю финмодели и бюджеты",
  },
  {
    id: "event",
    needRu: "Организуем конференцию, нужна площадка и спикеры",
    needEn: "Organizing a conference and need a venue and speakers",
    offerEn: "Event manager, I organize conferences and meetups",
    offerRu: "Ивент-менеджер, провожу конференции и митапы",
  },
  {
    id: "kids_tutor",
    needRu: "Ищу репетитора по математике для ребёнка",
    needEn: "Looking for a maths tutor for my child",
    offerEn: "Math teacher, private lessons for school students",
    offerRu: "Учитель математики, занимаюсь со школьниками",
  },
  {
    id: "medical",
    needRu: "Нужна консультация врача по поводу болей в спине",
    needEn: "I need a doctor's advice about back pain",
    offerEn: "Physician, orthopedics and back pain treatment",
    offerRu: "Врач-ортопед, лечу боли в спине и суставах",
  },
  {
    id: "interior",
    needRu: "Делаем ремонт, нужен дизайн интерьера квартиры",
    needEn: "Renovating our apartment and need interior design",
    offerEn: "Interior designer, apartment renovation projects",
    offerRu: "Дизайнер интерьеров, проектирую ремонт квартир",
  },
  {
    id: "chatbot",
    needRu: "Хотим сделать чат-бота в Телеграме для поддержки клиентов",
    needEn: "We want a Telegram chatbot for customer support",
    offerEn: "Bot developer, Telegram bots and support automation",
    offerRu: "Делаю ботов для Телеграма и автоматизирую поддержку",
  },
  {
    id: "public_speaking",
    needRu: "Боюсь выступать на публике, хочу научиться",
    needEn: "I am afraid of public speaking and want to get better at it",
    offerEn: "Speaking coach, presentation skills and stage confidence",
    offerRu: "Тренер по ораторскому мастерству и презентациям",
  },
];

/** Offers that answer none of the needs above, in both languages: they only make ranking harder. */
export const DISTRACTORS_EN: readonly string[] = [
  "Professional chef, I cook for private dinners",
  "Dog trainer and pet sitter",
  "Yoga instructor, morning classes in the park",
  "Car mechanic, I repair engines and brakes",
  "Gardener, landscaping and lawn care",
  "Chess coach for adults",
  "Wine sommelier, tastings and pairings",
  "Tour guide in Lisbon, historic walks",
  "Hairdresser and stylist",
  "Tailor, clothing alterations and repairs",
];

export const DISTRACTORS_RU: readonly string[] = [
  "Повар, готовлю ужины на заказ",
  "Кинолог, дрессирую собак и выгуливаю питомцев",
  "Инструктор йоги, утренние занятия в парке",
  "Автомеханик, ремонтирую двигатели и тормоза",
  "Садовник, ландшафтный дизайн и уход за газоном",
  "Тренер по шахматам для взрослых",
  "Сомелье, дегустации вина",
  "Экскурсовод по Лиссабону, исторические прогулки",
  "Парикмахер и стилист",
  "Портной, подгоняю и ремонтирую одежду",
];
