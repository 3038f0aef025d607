/**
 * Concepts: legal, tax, accounting, finance, grants, regulatory, company setup.
 * Phrasing syntax (lexicon.ts): "{a|b}" alternatives, "{|a}" optional word, "=word" exact form.
 */
import type { ConceptEntry } from "../lexicon.ts";

export const PROFESSIONAL: readonly ConceptEntry[] = [
  // ── legal ──────────────────────────────────────────────────────────────────
  {
    id: "legal_counsel",
    topic: "legal",
    label: { en: "legal advice", ru: "юридическая помощь" },
    en: ["lawyer", "lawyers", "attorney", "attorneys", "solicitor", "solicitors", "legal counsel", "general counsel", "in-house counsel", "in-house lawyer", "legal advice", "legal advisor", "legal adviser", "legal consultation", "legal support", "legal services", "legal help", "legal questions", "legal issues", "legal matters", "legal", "law firm", "startup lawyer", "tech lawyer", "business lawyer", "legal ops", "legal review", "paralegal", "=barrister"],
    ru: ["юрист", "юриста", "юристы", "юристов", "юристом", "юристу", "юристами", "адвокат", "адвоката", "адвокаты", "адвокатов", "юридическая консультация", "юридические консультации", "юридическую консультацию", "юридическая помощь", "юридическую помощь", "юридическое сопровождение", "юридического сопровождения", "юридические вопросы", "юридических вопросов", "юридическим вопросам", "юрвопросы", "юридические услуги", "юридическая фирма", "юрфирма", "юридическая компания", "юрлицо консультация", "правовые вопросы", "правовая поддержка", "правовой анализ", "юрист для стартапа", "юрист по IT", "IT-юрист", "ИТ-юрист", "корпоративный юрист", "инхаус-юрист", "инхаус юрист", "юридический департамент", "юрдеп", "правовое сопровождение", "консультирую по праву"],
  },
  {
    id: "contracts",
    topic: "legal",
    label: { en: "contracts and agreements", ru: "договоры" },
    en: ["=contract", "=contracts", "agreements", "contract drafting", "draft {|a|the|our|my} {contract|contracts|agreement|agreements}", "drafting {contracts|agreements}", "contract review", "review {|a|the|our|my} {contract|contracts|agreement}", "contractor agreement", "contractor agreements", "consulting agreement", "service agreement", "services agreement", "MSA", "master services agreement", "SLA", "NDA", "NDAs", "non-disclosure agreement", "licensing agreement", "license agreement", "reseller agreement", "distribution agreement", "partnership agreement", "supply agreement", "SaaS agreement", "commercial contracts", "contract templates", "employment agreement", "terms and conditions", "T&C", "terms of service", "terms of use", "ToS", "EULA", "user agreement", "public offer"],
    ru: ["договор", "договора", "договоры", "договоров", "договором", "договорам", "договорная работа", "договорной работы", "{составить|составление|составлю|составляю|составлять|проверить|проверка|проверяю|написать|подготовить|подготовка|разработать|разработка} {договор|договора|договоры|договоров|контракт|контракты|соглашение|соглашения}", "контракт", "контракты", "контрактов", "соглашение", "соглашения", "соглашений", "NDA", "соглашение о неразглашении", "лицензионный договор", "лицензионное соглашение", "договор подряда", "договор оказания услуг", "договор с подрядчиком", "договоры с подрядчиками", "договор с исполнителем", "договор поставки", "дистрибьюторский договор", "агентский договор", "SLA", "оферта", "оферту", "оферты", "публичная оферта", "пользовательское соглашение", "пользовательского соглашения", "условия использования", "шаблоны договоров", "шаблон договора"],
  },
  {
    id: "ip_copyright",
    topic: "legal",
    label: { en: "intellectual property and copyright", ru: "интеллектуальная собственность и авторские права" },
    en: ["intellectual property", "IP", "IP protection", "IP assignment", "IP rights", "IP lawyer", "IP strategy", "IP licensing", "IP ownership", "copyright", "copyrights", "copyright law", "copyright infringement", "DMCA", "licensing IP", "open source licenses", "open source licensing", "software licensing", "content licensing", "image rights", "music rights clearance", "fair use", "design rights", "trade secrets", "invention assignment", "who owns the code"],
    ru: ["интеллектуальная собственность", "интеллектуальной собственности", "интеллектуальную собственность", "ИС", "интеллектуальные права", "исключительные права", "исключительное право", "отчуждение исключительного права", "передача прав", "передачу прав", "передача исключительных прав", "авторские права", "авторское право", "авторских прав", "авторским правом", "нарушение авторских прав", "защита авторских прав", "права на код", "права на контент", "права на музыку", "лицензирование =ПО", "лицензии на =ПО", "открытые лицензии", "коммерческая тайна", "ноу-хау", "служебное произведение", "РИД", "результаты интеллектуальной деятельности"],
  },
  {
    id: "trademarks",
    topic: "legal",
    label: { en: "trademarks", ru: "товарные знаки" },
    en: ["trademark", "trademarks", "trade mark", "trademark registration", "register {|a|our|my} trademark", "trademark search", "trademark dispute", "trademark infringement", "brand protection", "USPTO", "EUIPO", "WIPO", "Madrid system"],
    ru: ["товарный знак", "товарного знака", "товарные знаки", "товарных знаков", "товарным знаком", "регистрация товарного знака", "регистрация ТЗ", "зарегистрировать товарный знак", "торговая марка", "торговой марки", "торговую марку", "знак обслуживания", "защита бренда", "Роспатент", "Роспатенте", "ВОИС", "мадридская система"],
  },
  {
    id: "patents",
    topic: "legal",
    label: { en: "patents", ru: "патенты" },
    en: ["patent", "patents", "patenting", "patent application", "patent filing", "file {|a} patent", "patent attorney", "patent agent", "patent lawyer", "patent search", "prior art", "freedom to operate", "FTO", "PCT application", "provisional patent", "patent portfolio", "patentable"],
    ru: ["патент на изобретение", "патента на изобретение", "патент на полезную модель", "патент на промышленный образец", "патентование", "патентования", "патентованию", "запатентовать", "патентовать", "патентный поверенный", "патентного поверенного", "патентные поверенные", "патентный юрист", "патентный поиск", "патентная заявка", "патентную заявку", "заявка на патент", "патентный портфель", "PCT-заявка", "изобретение", "изобретения", "изобретений", "полезная модель"],
  },
  {
    id: "corporate_law",
    topic: "legal",
    label: { en: "corporate law and shareholder agreements", ru: "корпоративное право" },
    en: ["corporate law", "corporate lawyer", "corporate structure", "corporate governance", "shareholders agreement", "shareholder agreement", "SHA", "shareholders' agreement", "investment agreement", "subscription agreement", "share purchase agreement", "SPA", "articles of association", "bylaws", "board resolutions", "shareholder disputes", "option agreements", "SAFE agreement", "convertible loan agreement", "legal for fundraising", "legal side of {|the} {round|deal|investment}", "closing {|the} round paperwork", "corporate housekeeping"],
    ru: ["корпоративное право", "корпоративного права", "корпоративному праву", "корпоративное структурирование", "корпоративная структура", "корпоративной структуры", "корпоративный договор", "корпоративного договора", "корпоративные договоры", "акционерное соглашение", "акционерного соглашения", "соглашение акционеров", "соглашение участников", "инвестиционный договор", "инвестиционного договора", "инвестиционное соглашение", "договор конвертируемого займа", "опционный договор", "опционное соглашение", "=устав", "=устава", "=уставе", "доли в ООО", "доля в ООО", "купля-продажа доли", "вход инвестора в капитал", "вход в капитал", "корпоративные споры", "корпоративный конфликт", "структурирование сделки", "структурирование сделок", "юридическое сопровождение сделок", "сопровождение сделок"],
  },
  {
    id: "employment_law",
    topic: "legal",
    label: { en: "employment law", ru: "трудовое право" },
    en: ["employment law", "labor law", "labour law", "employment lawyer", "employment contract", "employment contracts", "employee contracts", "dismissal", "firing an employee", "layoffs", "redundancy", "severance", "non-compete", "non-compete clause", "non-solicit", "misclassification", "contractor vs employee", "hiring abroad legally", "employer of record", "EOR", "Deel", "Remote.com", "global employment"],
    ru: ["трудовое право", "трудового права", "трудовому праву", "трудовой договор", "трудового договора", "трудовые договоры", "трудовым договорам", "трудовые споры", "трудовых споров", "увольнение", "увольнения", "уволить сотрудника", "сокращение штата", "сокращения", "трудовое законодательство", "трудового законодательства", "ТК РФ", "Трудовой кодекс", "неконкуренция", "запрет конкуренции", "оформление сотрудников", "оформить сотрудников", "оформление иностранных сотрудников", "найм за рубежом", "сотрудники за рубежом", "EOR", "переквалификация в трудовые", "ГПХ", "договор ГПХ", "договоры ГПХ"],
  },
  {
    id: "litigation",
    topic: "legal",
    label: { en: "disputes and litigation", ru: "споры и суды" },
    en: ["litigation", "litigator", "lawsuit", "lawsuits", "court", "court case", "dispute", "disputes", "dispute resolution", "arbitration", "international arbitration", "mediation", "mediator", "commercial disputes", "legal dispute", "debt collection", "collect {|a} debt", "unpaid invoices", "overdue invoices", "late payments", "client refuses to pay", "client {hasn't|didn't|won't|doesn't} {pay|paid}", "cease and desist", "cease-and-desist", "bankruptcy", "insolvency"],
    ru: ["суд", "суда", "суде", "судом", "суды", "судов", "судебный", "судебные", "судебные споры", "судебных споров", "судебное представительство", "судебная практика", "споры", "спор", "спора", "споров", "арбитраж", "арбитражный суд", "арбитражном суде", "арбитражные споры", "третейский суд", "медиация", "медиатор", "претензия", "претензии", "претензионная работа", "иск", "иска", "иски", "исковое заявление", "взыскание", "взыскание долгов", "взыскание задолженности", "взыскать долг", "дебиторка", "дебиторская задолженность", "должник", "должники", "неплательщики", "клиент не платит", "клиенты не платят", "просрочка оплаты", "просроченная оплата", "просроченная дебиторка", "банкротство", "банкротства", "банкротству", "несостоятельность", "субсидиарная ответственность", "субсидиарка"],
  },
  {
    id: "immigration",
    topic: "legal",
    label: { en: "visas and immigration", ru: "визы и иммиграция" },
    en: ["visa", "visas", "work visa", "=work permit", "residence permit", "residency permit", "temporary residence", "permanent residence", "permanent residency", "green card", "citizenship", "naturalization", "passport", "second passport", "immigration", "immigration lawyer", "immigration attorney", "immigration law", "O-1 visa", "H-1B", "EB-1", "EB-2 NIW", "NIW", "L-1 visa", "E-2 visa", "Blue Card", "EU Blue Card", "digital nomad visa", "nomad visa", "startup visa", "golden visa", "investor visa", "talent visa", "Global Talent visa", "skilled worker visa", "Chancenkarte", "visa sponsorship", "sponsor {|a|my} visa", "D7", "D8 visa", "visa application", "visa run", "Schengen"],
    ru: ["виза", "визы", "визу", "визой", "визам", "визами", "рабочая виза", "рабочую визу", "рабочей визы", "ВНЖ", "внж", "вид на жительство", "вида на жительство", "ПМЖ", "РВП", "гражданство", "гражданства", "второе гражданство", "второй паспорт", "паспорт", "иммиграция", "иммиграции", "иммиграционный юрист", "иммиграционного юриста", "иммиграционный адвокат", "эмиграционный юрист", "иммиграционное право", "голубая карта", "Blue Card", "виза талантов", "виза цифрового кочевника", "виза номада", "номад виза", "стартап-виза", "золотая виза", "инвесторская виза", "разрешение на работу", "рабочее разрешение", "визовая поддержка", "визовые вопросы", "легализация", "легализоваться", "шенген", "шенгенская виза", "документы для переезда", "виза O-1", "EB-1", "EB-2", "H-1B", "грин-карта", "грин карта", "гринкарта", "Chancenkarte"],
  },
  {
    id: "notary_apostille",
    topic: "legal",
    label: { en: "notary, apostille and documents", ru: "нотариус, апостиль и документы" },
    en: ["notary", "notarize", "notarized", "notarization", "apostille", "apostilled", "legalization of documents", "power of attorney", "POA", "certified copies", "document legalization"],
    ru: ["нотариус", "нотариуса", "нотариально", "нотариальное заверение", "нотариальная доверенность", "апостиль", "апостиля", "апостилировать", "доверенность", "доверенности", "доверенностью", "легализация документов", "консульская легализация", "заверенный перевод", "справка о несудимости"],
  },

  // ── tax ────────────────────────────────────────────────────────────────────
  {
    id: "tax_advice",
    topic: "tax",
    label: { en: "tax advice", ru: "налоговые консультации" },
    en: ["tax", "taxes", "taxation", "tax advice", "tax adviser", "tax advisor", "tax consultant", "tax consulting", "tax lawyer", "tax attorney", "tax accountant", "tax specialist", "tax questions", "tax issues", "tax planning", "tax optimization", "tax optimisation", "tax efficient", "tax-efficient", "tax strategy", "tax structure", "tax structuring", "tax compliance", "tax filing", "tax filings", "tax return", "tax returns", "file {|my|our} taxes", "filing taxes", "tax audit", "tax authorities", "tax authority", "tax dispute", "IRS", "HMRC", "tax penalties", "tax credits", "R&D tax credit", "R&D tax credits", "SR&ED", "tax incentives", "tax benefits", "tax breaks"],
    ru: ["налоги", "налогов", "налогам", "налогами", "налог", "налога", "налогом", "налоговая", "налоговой", "налоговую", "налоговый", "налоговые", "налоговых", "налогообложение", "налогообложения", "налогообложению", "налоговый консультант", "налогового консультанта", "налоговый юрист", "налогового юриста", "налоговый консалтинг", "налоговые консультации", "налоговое консультирование", "налоговое планирование", "налоговая оптимизация", "оптимизация налогов", "оптимизировать налоги", "налоговая нагрузка", "налоговую нагрузку", "налоговой нагрузки", "снизить налоги", "налоговая проверка", "налоговые проверки", "налоговой проверки", "налоговые споры", "налоговый спор", "ФНС", "налоговый режим", "налоговые режимы", "налоговая декларация", "налоговую декларацию", "сдать декларацию", "декларация", "декларацию", "декларации", "налоговые льготы", "налоговых льгот", "IT-льготы", "ИТ-льготы", "льготы для IT", "льготы для ИТ", "аккредитация IT", "аккредитация ИТ", "IT-аккредитация", "ИТ-аккредитация", "налоговые вычеты", "налоговый вычет", "вычет", "вычеты"],
  },
  {
    id: "vat",
    topic: "tax",
    label: { en: "VAT and indirect tax", ru: "НДС и косвенные налоги" },
    en: ["VAT", "value added tax", "value-added tax", "indirect tax", "indirect taxes", "indirect taxation", "EU VAT", "EU indirect tax", "UK VAT", "VAT registration", "VAT number", "VAT returns", "VAT return", "VAT compliance", "VAT on digital services", "cross-border VAT", "VAT for e-commerce", "OSS returns", "=oss return", "=oss scheme", "=oss registration", "=ioss", "=oss/=ioss", "One Stop Shop", "Import One Stop Shop", "sales tax", "sales taxes", "US sales tax", "sales tax nexus", "nexus", "economic nexus", "GST", "HST", "digital services tax", "reverse charge", "VAT MOSS", "customs and VAT", "import VAT", "excise", "excise duty", "Avalara", "TaxJar"],
    ru: ["НДС", "налог на добавленную стоимость", "косвенные налоги", "косвенных налогов", "косвенное налогообложение", "европейский НДС", "НДС в ЕС", "НДС в Европе", "регистрация по НДС", "плательщик НДС", "возмещение НДС", "вычет НДС", "декларация по НДС", "НДС на цифровые услуги", "НДС для интернет-торговли", "налог Google", "налог на Google", "=oss", "=ioss", "sales tax", "GST", "акциз", "акцизы", "акцизов", "импортный НДС", "НДС при импорте", "НДС при экспорте", "нулевая ставка НДС", "без НДС"],
  },
  {
    id: "corporate_tax",
    topic: "tax",
    label: { en: "corporate tax and international structuring", ru: "налог на прибыль и международное налоговое структурирование" },
    en: ["corporate tax", "corporate income tax", "corporation tax", "CIT", "profit tax", "transfer pricing", "international tax", "international taxation", "cross-border tax", "double taxation", "double tax treaty", "tax treaty", "DTT", "permanent establishment", "PE risk", "CFC", "CFC rules", "controlled foreign company", "holding structure tax", "tax residency of {|the} company", "substance requirements", "economic substance", "withholding tax", "WHT", "dividend tax", "Pillar Two", "IP box", "tax holiday", "free zone tax", "tax haven", "offshore tax"],
    ru: ["налог на прибыль", "налога на прибыль", "налогу на прибыль", "корпоративный налог", "корпоративного налога", "трансфертное ценообразование", "международное налогообложение", "международного налогообложения", "международное налоговое планирование", "международное налоговое структурирование", "налоговое структурирование", "двойное налогообложение", "двойного налогообложения", "соглашение об избежании двойного налогообложения", "СИДН", "постоянное представительство", "КИК", "КИКи", "контролируемая иностранная компания", "контролируемые иностранные компании", "уведомление о КИК", "налоговое резидентство компании", "налог у источника", "налог на дивиденды", "дивиденды", "дивидендов", "офшор", "офшоры", "офшорная компания", "налоговая гавань", "IP box", "патентный бокс", "налоговые каникулы", "налоги в свободной зоне"],
  },
  {
    id: "personal_tax",
    topic: "tax",
    label: { en: "personal tax and tax residency", ru: "личные налоги и налоговое резидентство" },
    en: ["personal tax", "personal taxes", "personal income tax", "income tax", "PIT", "tax residency", "tax resident", "tax residence", "tax residency certificate", "non-resident", "non-residents", "expat taxes", "expat tax", "taxes for expats", "taxes for freelancers", "freelancer taxes", "self-employed taxes", "tax on crypto", "crypto taxes", "capital gains tax", "capital gains", "FBAR", "foreign income", "taxes abroad", "taxes when relocating", "exit tax", "183 days", "non-dom"],
    ru: ["НДФЛ", "налог на доходы", "налог на доходы физических лиц", "подоходный налог", "подоходного налога", "налоговое резидентство", "налогового резидентства", "налоговым резидентством", "налоговый резидент", "налоговым резидентом", "налоговый нерезидент", "нерезидент", "нерезиденты", "нерезидентов", "нерезидентом", "налоги релокантов", "налоги для релокантов", "налоги при переезде", "налоги за рубежом", "налоги за границей", "налоги эмигрантов", "3-НДФЛ", "декларация 3-НДФЛ", "налоги с фриланса", "налоги на криптовалюту", "налог на криптовалюту", "налоги с инвестиций", "налоги на иностранные счета", "отчёт о зарубежных счетах", "отчет о зарубежных счетах", "уведомление о счетах", "иностранный доход", "доходы из-за рубежа", "183 дня", "валютный контроль", "валютного контроля", "валютное законодательство", "личные налоги"],
  },
  {
    id: "small_business_tax_regimes",
    topic: "tax",
    label: { en: "small business tax regimes", ru: "налоговые режимы для малого бизнеса (УСН, патент, НПД)" },
    en: ["simplified tax regime", "small business tax", "flat tax", "sole trader tax", "presumptive tax", "turnover tax", "micro company tax", "Georgian small business status", "1% tax Georgia", "Kleinunternehmer", "auto-entrepreneur", "micro-entrepreneur", "regime forfetario"],
    ru: ["УСН", "упрощёнка", "упрощенка", "упрощёнки", "упрощенки", "упрощённая система", "упрощенная система налогообложения", "УСН 6%", "УСН доходы", "УСН доходы минус расходы", "патентная система", "патентная система налогообложения", "ПСН", "патент для ИП", "НПД", "налог на профессиональный доход", "самозанятость", "самозанятые", "самозанятых", "самозанятым", "самозанятый", "АУСН", "ОСН", "ОСНО", "общая система налогообложения", "ЕНС", "единый налоговый счёт", "единый налоговый счет", "налоговый режим для ИП", "статус малого бизнеса в Грузии", "1% в Грузии", "ИП в Грузии", "ИП в Казахстане", "ИП в Армении"],
  },

  // ── accounting ─────────────────────────────────────────────────────────────
  {
    id: "bookkeeping",
    topic: "accounting",
    label: { en: "accounting and bookkeeping", ru: "бухгалтерия и бухучёт" },
    en: ["=accountant", "=accountants", "=accounting", "bookkeeper", "bookkeepers", "bookkeeping", "outsourced accounting", "outsourced bookkeeping", "accounting firm", "accounting services", "accounting outsourcing", "chartered accountant", "=cpa", "=cpas", "CPA firm", "ACCA", "accounts payable", "accounts receivable", "AP/AR", "reconciliation", "bank reconciliation", "month-end close", "month end close", "year-end accounts", "annual accounts", "statutory accounts", "keep books", "clean up {|the|our|my} books", "catch-up bookkeeping", "Xero", "QuickBooks", "FreshBooks", "Sage accounting", "invoicing", "invoices", "expense management", "expenses tracking", "receipts", "primary documents", "accounting policy", "accounting for startups", "startup accounting", "small business accounting", "fractional controller", "financial controller", "chief accountant"],
    ru: ["бухгалтер", "бухгалтера", "бухгалтеры", "бухгалтеров", "бухгалтером", "бухгалтеру", "бухгалтерия", "бухгалтерии", "бухгалтерию", "бухгалтерией", "бухгалтерский учёт", "бухгалтерский учет", "бухгалтерского учёта", "бухгалтерского учета", "бухгалтерские услуги", "бухгалтерское сопровождение", "бухгалтерского сопровождения", "бухгалтерское обслуживание", "бухучёт", "бухучет", "бухучета", "бухучёта", "бухгалтерская отчётность", "бухгалтерская отчетность", "главный бухгалтер", "главбух", "главбуха", "аутсорсинг бухгалтерии", "аутсорс бухгалтерии", "бухгалтерия на аутсорсе", "бухгалтер на аутсорс", "бухгалтера на аутсорс", "бухгалтера на аутсорсинг", "бухгалтерский аутсорсинг", "бухгалтерская фирма", "{веду|вести|ведение|ведения|ведём|ведем|веду удалённо} {бухгалтерию|бухгалтерии|бухучёт|бухучет|учёт|учет|бухгалтерский учёт|бухгалтерский учет}", "первичка", "первичную документацию", "первичные документы", "первичной документации", "закрывающие документы", "акты и счета", "счета-фактуры", "сверка", "сверки", "1С:Бухгалтерия", "Контур.Эльба", "учёт для ИП", "учет для ИП", "учёт для ООО", "бухгалтер для ИП", "бухгалтер для ООО", "учёт в малом бизнесе", "учет малого бизнеса"],
  },
  {
    id: "financial_reporting",
    topic: "accounting",
    label: { en: "financial reporting (IFRS, GAAP)", ru: "финансовая отчётность (МСФО, РСБУ)" },
    en: ["financial reporting", "financial statements", "IFRS", "US GAAP", "GAAP", "consolidation", "consolidated financial statements", "reporting package", "annual report", "audit readiness", "revenue recognition", "ASC 606", "statutory reporting", "XBRL"],
    ru: ["финансовая отчётность", "финансовая отчетность", "финансовой отчётности", "финансовой отчетности", "финансовую отчётность", "финансовую отчетность", "отчётность", "отчетность", "отчётности", "отчетности", "МСФО", "РСБУ", "US GAAP", "ГААП", "консолидация", "консолидированная отчётность", "консолидированная отчетность", "трансформация отчётности", "трансформация отчетности", "годовой отчёт", "годовой отчет", "годовая отчётность", "годовая отчетность", "сдача отчётности", "сдача отчетности", "сдать отчётность", "сдать отчетность", "отчёты в налоговую", "отчеты в налоговую", "признание выручки"],
  },
  {
    id: "audit",
    topic: "accounting",
    label: { en: "financial audit", ru: "аудит отчётности" },
    en: ["financial audit", "statutory audit", "audit firm", "audit of financial statements", "external audit", "external auditor", "=auditor", "=auditors", "Big Four", "Big 4", "audited accounts", "audited financials", "audit report", "internal audit", "internal auditor", "forensic accounting", "forensic audit", "agreed-upon procedures"],
    ru: ["аудит отчётности", "аудит отчетности", "аудит финансовой отчётности", "аудит финансовой отчетности", "финансовый аудит", "обязательный аудит", "аудиторская проверка", "аудиторской проверки", "аудиторская компания", "аудиторской компании", "аудиторское заключение", "=аудитор", "=аудитора", "=аудиторы", "=аудиторов", "большая четвёрка", "большая четверка", "внутренний аудит", "внутреннего аудита", "внутренний аудитор", "внутренний контроль", "форензик", "финансовые расследования"],
  },
  {
    id: "payroll",
    topic: "accounting",
    label: { en: "payroll", ru: "расчёт зарплаты" },
    en: ["payroll", "payroll provider", "payroll services", "payroll software", "run payroll", "running payroll", "payroll taxes", "payroll in {|the} {US|UK|Germany|EU|Europe|multiple countries}", "international payroll", "global payroll", "pay contractors abroad", "paying contractors", "contractor payments", "Gusto", "Rippling", "Papaya Global", "salaries", "pay salaries", "paying salaries"],
    ru: ["зарплата", "зарплаты", "зарплату", "зарплатой", "расчёт зарплаты", "расчет зарплаты", "расчёта зарплаты", "расчета зарплаты", "начисление зарплаты", "выплата зарплаты", "выплаты зарплат", "зарплатный проект", "зарплатного проекта", "платить зарплату", "выплачивать зарплату", "зарплата сотрудникам за рубежом", "платить подрядчикам за рубежом", "выплаты подрядчикам", "выплаты фрилансерам", "оплата фрилансерам", "платежи фрилансерам", "страховые взносы", "взносы", "взносов", "payroll", "пейролл", "фонд оплаты труда"],
  },
  {
    id: "management_accounting",
    topic: "accounting",
    label: { en: "management accounting", ru: "управленческий учёт" },
    en: ["management accounting", "managerial accounting", "cost accounting", "unit costs", "P&L", "profit and loss", "P&L statement", "P&L by product", "margin analysis", "gross margin", "contribution margin", "cost structure", "cost control", "KPIs for finance", "financial dashboards", "management reporting"],
    ru: ["управленческий учёт", "управленческий учет", "управленческого учёта", "управленческого учета", "управленческий учёт с нуля", "управленка", "управленческая отчётность", "управленческая отчетность", "управленческой отчётности", "управленческой отчетности", "управленческие отчёты", "управленческие отчеты", "ОПиУ", "P&L", "отчёт о прибылях и убытках", "отчет о прибылях и убытках", "себестоимость", "себестоимости", "маржинальность", "маржинальности", "маржа", "маржу", "маржи", "структура затрат", "контроль затрат", "учёт затрат", "учет затрат", "финансовый учёт", "финансовый учет", "финансовые дашборды"],
  },

  // ── finance ────────────────────────────────────────────────────────────────
  {
    id: "financial_modeling",
    topic: "finance",
    label: { en: "financial modeling and unit economics", ru: "финансовая модель и юнит-экономика" },
    en: ["financial model", "financial models", "financial modeling", "financial modelling", "finance model", "fin model", "startup financial model", "revenue model", "business model", "forecast", "forecasts", "financial forecast", "financial forecasting", "financial projections", "projections", "3-statement model", "three statement model", "DCF", "DCF model", "valuation model", "unit economics", "LTV/CAC", "LTV to CAC", "payback period", "CAC payback", "break-even", "breakeven", "scenario planning", "budget model", "SaaS metrics", "=ARR", "MRR", "business plan", "business plans", "feasibility study"],
    ru: ["финансовая модель", "финансовой модели", "финансовую модель", "финансовые модели", "финмодель", "финмодели", "финмоделью", "финансовое моделирование", "финансового моделирования", "построение финмодели", "построить финмодель", "построю финмодель", "юнит-экономика", "юнит-экономику", "юнит-экономики", "юнит экономика", "юнит экономику", "экономика продукта", "экономика проекта", "бизнес-модель", "бизнес-модели", "бизнес модель", "прогноз выручки", "финансовый прогноз", "финансовые прогнозы", "точка безубыточности", "безубыточность", "окупаемость", "срок окупаемости", "бизнес-план", "бизнес-плана", "бизнес-планы", "бизнес план", "ТЭО", "технико-экономическое обоснование", "сценарное планирование", "DCF", "=ARR", "MRR", "метрики SaaS"],
  },
  {
    id: "cfo_services",
    topic: "finance",
    label: { en: "CFO and finance leadership", ru: "финансовый директор" },
    en: ["CFO", "fractional CFO", "part-time CFO", "outsourced CFO", "interim CFO", "CFO services", "virtual CFO", "chief financial officer", "finance director", "head of finance", "VP finance", "finance lead", "FP&A", "financial planning and analysis", "financial planning", "finance function", "finance team", "strategic finance", "=finance", "=finances", "finance operations", "financial analyst", "financial analysis", "financial advisor for startups", "finance for founders", "finances in order", "financial management", "corporate finance"],
    ru: ["CFO", "финдиректор", "финдиректора", "финдиректором", "финансовый директор", "финансового директора", "финансовым директором", "финансовый директор на аутсорсе", "финдиректор на аутсорсе", "приходящий финдиректор", "финансовый менеджер", "финансового менеджера", "финансист", "финансиста", "финансисты", "финансистов", "финансовый аналитик", "финансового аналитика", "экономист", "экономиста", "финансовый анализ", "финансового анализа", "финансовое планирование", "финансового планирования", "финансовый менеджмент", "финансовое управление", "управление финансами", "управлению финансами", "финансы", "финансов", "финансами", "финансам", "финансовая служба", "финансовый отдел", "корпоративные финансы", "корпоративных финансов", "FP&A", "навести порядок в финансах", "порядок в финансах", "финансовая дисциплина"],
  },
  {
    id: "cash_flow",
    topic: "finance",
    label: { en: "cash flow, budgeting and runway", ru: "денежный поток, бюджет и кассовые разрывы" },
    en: ["cash flow", "cashflow", "cash flow management", "cash management", "cash forecasting", "cash flow forecast", "budgeting", "budget planning", "runway", "extend {|our|the} runway", "burn rate", "cash burn", "monthly burn", "reduce {|our} burn", "burn multiple", "cost cutting", "cut costs", "cutting costs", "reduce costs", "reducing costs", "cost reduction", "=working capital", "treasury", "=liquidity", "cash gap", "cash crunch", "run out of cash", "running out of money"],
    ru: ["денежный поток", "денежного потока", "денежные потоки", "денежных потоков", "движение денежных средств", "ДДС", "кэшфлоу", "кэш-фло", "кеш-флоу", "кассовый разрыв", "кассовые разрывы", "кассовых разрывов", "кассового разрыва", "платёжный календарь", "платежный календарь", "бюджетирование", "бюджетирования", "бюджетированию", "планирование бюджета", "ранвей", "runway", "запас денег", "деньги заканчиваются", "сократить расходы", "сокращение расходов", "сокращение затрат", "снижение затрат", "снизить затраты", "снизить расходы", "оптимизация расходов", "оптимизация затрат", "оборотный капитал", "оборотные средства", "оборотка", "ликвидность", "казначейство", "скорость сжигания денег"],
  },
  {
    id: "debt_financing",
    topic: "finance",
    label: { en: "loans and debt financing", ru: "кредиты и долговое финансирование" },
    en: ["loan", "loans", "business loan", "bank loan", "credit line", "line of credit", "venture debt", "debt financing", "debt funding", "revenue-based financing", "RBF", "invoice financing", "factoring", "asset financing", "equipment financing", "leasing", "trade finance", "working capital loan", "SBA loan", "microloan", "microloans", "bonds", "bond issue", "non-dilutive funding", "non-dilutive financing"],
    ru: ["кредит", "кредита", "кредиты", "кредитов", "кредитом", "кредитование", "кредитования", "банковский кредит", "кредит для бизнеса", "кредитная линия", "кредитную линию", "заём", "заем", "займ", "займа", "займы", "займов", "венчурный долг", "долговое финансирование", "долгового финансирования", "финансирование под выручку", "revenue-based financing", "факторинг", "факторинга", "лизинг", "лизинга", "лизинг оборудования", "торговое финансирование", "облигации", "облигаций", "выпуск облигаций", "микрозаймы", "микрозайм", "льготный кредит", "льготные кредиты", "льготное кредитование", "недилютивное финансирование", "МСП Банк", "Корпорация МСП", "гарантии МСП"],
  },
  {
    id: "payments",
    topic: "finance",
    label: { en: "payments and acquiring", ru: "платежи и эквайринг" },
    en: ["payments", "payment processing", "payment processor", "payment provider", "payment providers", "payment gateway", "payment gateways", "payment methods", "payment infrastructure", "accept payments", "accepting payments", "receive payments", "receiving payments", "online payments", "card payments", "card acquiring", "merchant acquiring", "merchant account", "Stripe", "PayPal", "Adyen", "Checkout.com", "Paddle", "Lemon Squeezy", "payouts", "cross-border payments", "international payments", "international transfers", "money transfers", "remittances", "SWIFT transfer", "SWIFT transfers", "SEPA", "Wise account", "Revolut", "payment orchestration", "recurring payments", "subscriptions billing", "=billing", "billing system", "invoicing system", "payment links", "crypto payments", "stablecoins", "USDT"],
    ru: ["платежи", "платежей", "платежами", "платёж", "платеж", "приём платежей", "прием платежей", "принимать платежи", "принимать оплату", "приём оплаты", "прием оплаты", "оплата картой", "онлайн-оплата", "онлайн-платежи", "эквайринг", "эквайринга", "эквайрингом", "интернет-эквайринг", "платёжная система", "платежная система", "платёжные системы", "платежные системы", "платёжный шлюз", "платежный шлюз", "платёжный агент", "платежный агент", "платёжные решения", "платежные решения", "ЮKassa", "ЮКасса", "CloudPayments", "Тинькофф касса", "СБП", "Stripe", "страйп", "PayPal", "международные платежи", "международных платежей", "трансграничные платежи", "переводы за рубеж", "переводы из-за рубежа", "вывод денег", "вывести деньги", "получать деньги из-за рубежа", "оплата из-за рубежа", "оплату из-за рубежа", "принимать оплату от иностранных клиентов", "рекуррентные платежи", "подписки и рекурренты", "биллинг", "биллинга", "выставление счетов", "свифт", "Revolut", "криптоплатежи", "стейблкоины", "USDT", "платёжка", "платежка"],
  },
  {
    id: "banking",
    topic: "finance",
    label: { en: "banking and bank accounts", ru: "банки и расчётные счета" },
    en: ["bank account", "bank accounts", "business bank account", "open {|a} bank account", "opening a bank account", "corporate account", "corporate bank account", "banking", "banking abroad", "bank", "banks", "neobank", "neobanks", "EMI", "EMI account", "Mercury", "Brex", "Relay bank", "Payoneer", "bank compliance", "account frozen", "frozen account", "blocked account", "KYC for bank", "bank KYC"],
    ru: ["банковский счёт", "банковский счет", "банковского счёта", "банковского счета", "расчётный счёт", "расчетный счет", "расчётного счёта", "расчетного счета", "открыть счёт", "открыть счет", "открытие счёта", "открытие счета", "открытия счёта", "открытия счета", "счёт в банке", "счет в банке", "счёт за рубежом", "счет за рубежом", "счета за рубежом", "счёт за границей", "счет за границей", "зарубежный счёт", "зарубежный счет", "зарубежные банки", "иностранный банк", "иностранные банки", "банк", "банка", "банке", "банки", "банков", "банками", "необанк", "необанки", "банкинг", "РКО", "заблокировали счёт", "заблокировали счет", "блокировка счёта", "блокировка счета", "115-ФЗ", "комплаенс банка"],
  },
  {
    id: "personal_finance",
    topic: "finance",
    label: { en: "personal finance and investing", ru: "личные финансы и инвестиции" },
    en: ["personal finance", "personal finances", "financial advisor", "financial adviser", "wealth management", "wealth manager", "private banking", "investment portfolio", "portfolio management", "investing in stocks", "stocks", "stock market", "ETFs", "ETF", "index funds", "retirement planning", "retirement", "pension", "=savings", "personal investing", "financial independence", "asset allocation", "brokerage account", "broker", "trading", "trader", "day trading", "options trading", "forex", "financial literacy", "money management"],
    ru: ["личные финансы", "личных финансов", "личными финансами", "личным финансам", "финансовый советник", "финансового советника", "финансовый консультант", "финансового консультанта", "финансовый планировщик", "управление капиталом", "управление активами", "управления активами", "частный банкинг", "инвестиционный портфель", "инвестиционного портфеля", "портфель акций", "инвестиции в акции", "инвестирую в акции", "фондовый рынок", "фондового рынка", "фондовом рынке", "покупка акций", "облигации и акции", "ETF", "индексные фонды", "пенсия", "пенсии", "пенсионные накопления", "накопления", "сбережения", "финансовая независимость", "финансовой независимости", "брокер", "брокера", "брокерский счёт", "брокерский счет", "трейдинг", "трейдер", "трейдинга", "форекс", "финансовая грамотность", "финансовой грамотности", "семейный бюджет", "инвестиции для частных лиц", "частные инвестиции"],
  },
  {
    id: "crypto_assets",
    topic: "finance",
    label: { en: "crypto assets", ru: "криптовалюты" },
    en: ["crypto", "cryptocurrency", "cryptocurrencies", "bitcoin", "BTC", "ETH", "altcoins", "crypto trading", "crypto investing", "crypto fund", "crypto exchange", "crypto OTC", "OTC desk", "custody", "crypto custody", "crypto compliance", "crypto banking", "digital assets", "tokenization", "tokenization of assets", "RWA"],
    ru: ["крипта", "крипты", "крипту", "криптой", "криптовалюта", "криптовалюты", "криптовалют", "криптовалютой", "криптовалютами", "биткоин", "биткоина", "биткоины", "биткоинов", "крипто", "криптобиржа", "криптобиржи", "криптоинвестиции", "криптотрейдинг", "криптофонд", "OTC", "обменник", "цифровые активы", "цифровых активов", "ЦФА", "токенизация", "токенизации", "токенизация активов"],
  },
  {
    id: "insurance",
    topic: "finance",
    label: { en: "insurance", ru: "страхование" },
    en: ["insurance", "insurer", "insurance broker", "insurance agent", "business insurance", "liability insurance", "professional liability", "D&O", "D&O insurance", "cyber insurance", "health insurance", "travel insurance", "life insurance", "insurtech", "InsurTech", "claims handling", "underwriting", "reinsurance", "actuary", "actuarial"],
    ru: ["страхование", "страхования", "страхованию", "страховка", "страховки", "страховку", "страховой", "страховая", "страховые", "страховая компания", "страховой брокер", "страхового брокера", "страховой агент", "ДМС", "ОМС", "медицинская страховка", "страхование ответственности", "страхование бизнеса", "страхование D&O", "киберстрахование", "туристическая страховка", "страхование жизни", "инштех", "страховой случай", "андеррайтинг", "перестрахование", "актуарий"],
  },
  {
    id: "fintech",
    topic: "finance",
    label: { en: "fintech", ru: "финтех" },
    en: ["fintech", "FinTech", "fintech startup", "fintech startups", "=open banking", "embedded finance", "BaaS", "banking as a service", "lending platform", "lending", "credit scoring platform", "BNPL", "buy now pay later", "wealthtech", "regtech", "RegTech", "paytech", "core banking", "banking software"],
    ru: ["финтех", "финтеха", "финтехе", "финтех-стартап", "финтех-стартапы", "финтех-проект", "финтех-компания", "финтех-компании", "открытый банкинг", "встроенные финансы", "BaaS", "кредитная платформа", "кредитование онлайн", "BNPL", "сплит-платежи", "рассрочка", "рассрочки", "регтех", "банковское =ПО", "АБС", "банковская автоматизация", "банковские технологии"],
  },

  // ── grants ─────────────────────────────────────────────────────────────────
  {
    id: "grants",
    topic: "grants",
    label: { en: "grants", ru: "гранты" },
    en: ["grant", "grants", "grant funding", "grant writing", "grant writer", "grant application", "grant applications", "grant proposal", "grant proposals", "apply for {|a} grant", "applying for grants", "win {|a} grant", "grant consultant", "grant programs", "research grants", "innovation grants", "foundation grants", "philanthropic funding"],
    ru: ["грант", "гранта", "гранты", "грантов", "грантом", "грантами", "грантам", "грантовая заявка", "грантовую заявку", "грантовые заявки", "грантовых заявок", "заявка на грант", "заявку на грант", "заявки на грант", "написание грантовых заявок", "пишу заявки на гранты", "грантрайтер", "грантрайтинг", "грантовое финансирование", "грантовая поддержка", "грантовые конкурсы", "грантовые программы", "грантовый консультант", "получить грант", "выиграть грант", "подать на грант", "Фонд президентских грантов", "президентский грант", "президентские гранты"],
  },
  {
    id: "public_funding",
    topic: "grants",
    label: { en: "government funding and subsidies", ru: "господдержка и субсидии" },
    en: ["government funding", "public funding", "government grants", "government programs", "government support", "state support", "subsidy", "subsidies", "subsidized", "non-dilutive grants", "SBIR", "STTR", "Innovate UK", "Horizon Europe", "EIC Accelerator", "EIC", "EU funding", "EU grants", "European funding", "EXIST", "Bpifrance", "innovation agency", "Israel Innovation Authority", "public tenders for innovation", "state programs", "Skolkovo", "Сколково", "Enterprise Ireland", "regional development funds"],
    ru: ["господдержка", "господдержки", "господдержку", "государственная поддержка", "государственной поддержки", "меры поддержки", "меры господдержки", "субсидия", "субсидии", "субсидий", "субсидию", "госпрограммы", "госпрограмм", "государственные программы", "ФСИ", "Фонд содействия инновациям", "Фонда содействия инновациям", "Старт-1", "УМНИК", "Сколково", "Сколкове", "резидент Сколково", "РФРИТ", "Фонд развития промышленности", "ФРП", "Иннопрактика", "фонды развития", "институты развития", "европейские гранты", "гранты ЕС", "Horizon Europe", "EIC Accelerator", "Иннополис", "технопарк", "технопарка", "резиденты технопарка", "льготы для резидентов", "региональные фонды"],
  },
  {
    id: "nonprofit",
    topic: "grants",
    label: { en: "nonprofits and social impact", ru: "НКО и социальное предпринимательство" },
    en: ["nonprofit", "nonprofits", "non-profit", "non-profits", "NGO", "NGOs", "charity", "charities", "charitable", "philanthropy", "philanthropist", "donors", "donations", "fundraising for nonprofits", "nonprofit fundraising", "social enterprise", "social entrepreneurship", "social impact", "impact startup", "impact investing", "impact investor", "volunteers", "volunteering", "volunteer", "community organizing", "civic tech"],
    ru: ["НКО", "некоммерческая организация", "некоммерческие организации", "некоммерческой организации", "некоммерческий", "благотворительность", "благотворительности", "благотворительный фонд", "благотворительного фонда", "благотворительные фонды", "благотворительный проект", "доноры", "пожертвования", "пожертвований", "фандрайзинг для НКО", "социальное предпринимательство", "социального предпринимательства", "социальный предприниматель", "социальный бизнес", "социальный проект", "социальные проекты", "социальное воздействие", "импакт", "импакт-инвестиции", "импакт-инвестор", "волонтёры", "волонтеры", "волонтёров", "волонтеров", "волонтёрство", "волонтерство", "волонтёр", "волонтер", "гражданские технологии"],
  },

  // ── regulatory ─────────────────────────────────────────────────────────────
  {
    id: "data_privacy",
    topic: "regulatory",
    label: { en: "data protection and privacy (GDPR)", ru: "персональные данные и приватность" },
    en: ["GDPR", "GDPR compliance", "data protection", "data privacy", "privacy", "privacy law", "privacy lawyer", "privacy policy", "privacy policies", "cookie banner", "cookie consent", "cookies policy", "DPO", "data protection officer", "DPA", "data processing agreement", "DPIA", "CCPA", "CPRA", "HIPAA privacy", "PIPL", "data localization", "data residency", "personal data", "user data protection", "privacy by design", "anonymization", "pseudonymization"],
    ru: ["GDPR", "ГДПР", "персональные данные", "персональных данных", "персональными данными", "обработка персональных данных", "обработку персональных данных", "защита персональных данных", "ПДн", "152-ФЗ", "152 ФЗ", "закон о персональных данных", "политика конфиденциальности", "политику конфиденциальности", "согласие на обработку", "согласие на обработку данных", "уведомление в РКН", "Роскомнадзор", "РКН", "локализация данных", "локализация персональных данных", "конфиденциальность", "приватность", "приватности", "защита данных", "защиты данных", "обезличивание", "куки", "cookie-баннер"],
  },
  {
    id: "compliance",
    topic: "regulatory",
    label: { en: "regulatory compliance", ru: "регуляторика и комплаенс" },
    en: ["compliance", "regulatory compliance", "compliance officer", "head of compliance", "compliance program", "compliance consulting", "compliance consultant", "regulation", "regulations", "regulatory", "regulatory affairs", "regulatory strategy", "regulator", "regulators", "regulatory approval", "regulatory requirements", "regulatory sandbox", "licensing", "licenses", "license", "licence", "licences", "government relations", "GR", "public affairs", "lobbying", "public policy", "sanctions", "sanctions compliance", "export controls", "export control", "dual-use", "ESG", "ESG reporting", "sustainability reporting", "CSRD", "EU AI Act", "AI Act", "AI regulation", "DSA", "DMA", "consumer protection law", "advertising law"],
    ru: ["комплаенс", "комплаенса", "комплаенсом", "комплаенс-офицер", "комплаенс-контроль", "регуляторика", "регуляторики", "регуляторику", "регуляторные требования", "регуляторных требований", "регулирование", "регулирования", "регулированию", "регулятор", "регулятора", "регуляторы", "регуляторов", "регуляторный", "регуляторная песочница", "экспериментальный правовой режим", "ЭПР", "лицензия", "лицензии", "лицензию", "лицензий", "лицензирование", "лицензирования", "получение лицензии", "получить лицензию", "разрешительная документация", "GR", "джиар", "джиарщик", "GR-специалист", "работа с госорганами", "взаимодействие с госорганами", "госорганы", "госорганами", "органы власти", "лоббирование", "лоббизм", "законодательство", "законодательства", "законопроект", "санкции", "санкций", "санкционные", "санкционный комплаенс", "экспортный контроль", "двойное назначение", "ESG", "устойчивое развитие", "ESG-отчётность", "нефинансовая отчётность", "регулирование ИИ", "закон о рекламе", "маркировка рекламы", "ОРД", "ЕРИР", "защита прав потребителей"],
  },
  {
    id: "financial_regulation",
    topic: "regulatory",
    label: { en: "financial licensing and AML/KYC", ru: "финансовое регулирование и AML/KYC" },
    en: ["AML", "KYC", "AML/KYC", "KYB", "anti-money laundering", "AML compliance", "AML officer", "MLRO", "transaction monitoring", "sanctions screening", "financial license", "financial licence", "EMI license", "EMI licence", "payment institution license", "PI license", "banking license", "banking licence", "banking licences", "money transmitter license", "MTL", "MSB", "crypto license", "VASP", "VASP license", "MiCA", "CASP", "PSD2", "PSD3", "FCA", "FCA authorisation", "SEC", "FINRA", "broker-dealer", "investment adviser registration", "securities law", "securities regulation", "prospectus", "fund structuring", "fund formation", "Central Bank license", "DFSA", "VARA", "ADGM", "MAS license"],
    ru: ["AML", "KYC", "AML/KYC", "ПОД/ФТ", "ПОД ФТ", "противодействие отмыванию", "противодействие отмыванию денег", "115-ФЗ комплаенс", "финмониторинг", "финансовый мониторинг", "Росфинмониторинг", "идентификация клиентов", "верификация клиентов", "лицензия ЦБ", "лицензии ЦБ", "лицензия Центробанка", "ЦБ", "Центробанк", "Банк России", "банковская лицензия", "финансовая лицензия", "финансовые лицензии", "лицензия EMI", "EMI-лицензия", "платёжная лицензия", "платежная лицензия", "криптолицензия", "крипто-лицензия", "лицензия VASP", "MiCA", "регулирование криптовалют", "регулирование финтеха", "финансовое регулирование", "регулирование финансового рынка", "законодательство о ценных бумагах", "ценные бумаги", "ценных бумаг", "эмиссия", "проспект эмиссии", "структурирование фонда", "создание фонда", "квалифицированный инвестор", "квалинвестор"],
  },
  {
    id: "medical_regulation",
    topic: "regulatory",
    label: { en: "medical device and health regulation", ru: "регистрация медизделий и медрегулирование" },
    en: ["medical device", "medical devices", "medical device regulation", "MDR", "IVDR", "CE marking for medical devices", "CE mark medical", "FDA", "FDA approval", "FDA clearance", "510(k)", "De Novo", "SaMD", "software as a medical device", "ISO 13485", "IEC 62304", "clinical evaluation", "clinical trials", "clinical trial", "clinical studies", "clinical study", "clinical research", "CRO for trials", "good clinical practice", "regulatory submission", "notified body", "reimbursement", "market access", "health technology assessment", "HTA", "DiGA", "digital health regulation", "pharma regulation", "drug approval", "EMA", "pharmacovigilance", "HIPAA-compliant"],
    ru: ["медицинское изделие", "медицинского изделия", "медицинские изделия", "медицинских изделий", "медизделие", "медизделия", "медизделий", "регистрация медизделий", "регистрация медицинских изделий", "регистрацию медизделия", "регистрационное удостоверение", "РУ на медизделие", "Росздравнадзор", "Росздравнадзора", "клинические испытания", "клинических испытаний", "клинические исследования", "клинических исследований", "клиническое исследование", "технические испытания", "токсикологические исследования", "=ПО как медизделие", "программное обеспечение медицинское изделие", "СМК ISO 13485", "ISO 13485", "CE-маркировка", "маркировка CE", "FDA", "одобрение FDA", "регистрация лекарств", "регистрация лекарственных препаратов", "фармаконадзор", "фармрегулирование", "медицинское регулирование", "лицензия на медицинскую деятельность", "медицинская лицензия", "ОМС тариф", "возмещение стоимости"],
  },
  {
    id: "healthcare_medtech",
    topic: "regulatory",
    label: { en: "healthcare and medtech", ru: "медицина и медтех" },
    en: ["medtech", "MedTech", "healthtech", "HealthTech", "health tech", "digital health", "healthcare", "health care", "healthcare startup", "healthcare startups", "telemedicine", "telehealth", "=hospital", "=hospitals", "clinic", "clinics", "clinical", "doctors", "physicians", "physician", "nurses", "=patients", "EHR", "EMR", "electronic health records", "medical software", "medical AI", "AI in healthcare", "diagnostics", "biotech", "biotechnology", "pharma", "pharmaceutical", "life sciences", "femtech", "mental health app", "patient monitoring", "remote patient monitoring", "dental", "dentistry", "veterinary", "wellness tech", "longevity"],
    ru: ["медтех", "медтеха", "медтехе", "медтех-стартап", "медтех-стартапы", "медтех-проект", "медицинские технологии", "цифровая медицина", "цифровое здравоохранение", "здравоохранение", "здравоохранения", "телемедицина", "телемедицины", "телемедицинские", "больница", "больницы", "клиника", "клиники", "клиник", "клиникой", "медицинский центр", "медцентр", "медицинская клиника", "частная клиника", "частные клиники", "пациенты", "пациентов", "пациент", "МИС", "медицинская информационная система", "медицинское =ПО", "медицинский ИИ", "ИИ в медицине", "медицинская диагностика", "лабораторная диагностика", "биотех", "биотеха", "биотехнологии", "биотехнологий", "фарма", "фармы", "фармацевтика", "фармацевтической", "фармкомпания", "фармкомпании", "стоматология", "стоматологии", "стоматологическая клиника", "ветеринария", "ветклиника", "лонгевити", "медицина", "медицины", "медицине", "врач", "врача", "врачи", "врачей", "доктор", "доктора"],
  },
  {
    id: "product_certification",
    topic: "regulatory",
    label: { en: "product certification and labeling", ru: "сертификация и маркировка товаров" },
    en: ["product certification", "CE marking", "CE mark", "CE certification", "UKCA", "FCC certification", "UL certification", "RoHS", "REACH regulation", "product safety", "product compliance", "conformity assessment", "declaration of conformity", "EAC certification", "food safety", "HACCP", "FDA food registration", "organic certification", "halal certification", "kosher", "product labeling requirements", "labeling requirements", "cosmetics regulation", "CPNP"],
    ru: ["сертификация", "сертификации", "сертификацию", "сертификат соответствия", "сертификаты соответствия", "декларация соответствия", "декларацию соответствия", "декларирование", "декларирование продукции", "сертификация продукции", "сертификация товаров", "сертификация ЕАЭС", "ЕАС", "ЕАЭС сертификат", "технический регламент", "техрегламент", "техрегламенты", "ТР ТС", "СГР", "свидетельство о госрегистрации", "маркировка", "маркировки", "маркировку", "Честный знак", "Честный ЗНАК", "честного знака", "обязательная маркировка", "ХАССП", "HACCP", "безопасность пищевой продукции", "Роспотребнадзор", "Роспотребнадзора", "санитарные нормы", "СанПиН", "органик сертификация", "халяль"],
  },

  // ── company_setup ──────────────────────────────────────────────────────────
  {
    id: "company_registration",
    topic: "company_setup",
    label: { en: "company registration", ru: "регистрация компании" },
    en: ["company formation", "company registration", "register {|a} company", "registering {|a} company", "incorporate", "incorporation", "incorporating", "set up {|a} company", "setting up {|a} company", "company setup", "business registration", "register {|a} business", "form {|a} company", "legal entity", "entity setup", "entity structure", "articles of incorporation", "company secretary", "corporate secretarial", "registered agent", "registered office", "registered address", "virtual office", "form {|an} LLC", "set up {|a|an} {LLC|GmbH|Ltd}", "register {|a|an} {LLC|GmbH|Ltd}", "sole proprietorship", "sole proprietor", "sole trader", "self-employed status", "freelancer visa registration", "close {|a|my|the} company", "closing {|a|the} company", "dissolve {|a|the} company", "company dissolution", "=liquidation", "dormant company"],
    ru: ["регистрация компании", "регистрации компании", "регистрацию компании", "зарегистрировать компанию", "зарегистрировал компанию", "регистрация ООО", "регистрацию ООО", "зарегистрировать ООО", "открыть ООО", "открыть компанию", "открытие компании", "открытие ООО", "создание юрлица", "создать юрлицо", "регистрация юрлица", "регистрация юридического лица", "юрлицо", "юрлица", "юрлицом", "юридическое лицо", "юридического лица", "регистрация ИП", "открыть ИП", "открытие ИП", "зарегистрировать ИП", "закрыть ИП", "ликвидация", "ликвидации", "ликвидация ООО", "ликвидация компании", "закрыть ООО", "закрыть компанию", "закрытие компании", "юридический адрес", "юрадрес", "виртуальный офис", "ОКВЭД", "коды ОКВЭД", "учредительные документы", "устав ООО", "регистрация бизнеса", "регистрация и структурирование бизнеса", "оформление бизнеса", "оформить бизнес", "открыть GmbH", "открыть LLC"],
  },
  {
    id: "us_incorporation",
    topic: "company_setup",
    label: { en: "US incorporation (Delaware)", ru: "регистрация компании в США (Делавэр)" },
    en: ["Delaware", "Delaware C-corp", "Delaware C corp", "Delaware corporation", "US C-corp", "US LLC", "US company", "American company", "incorporate in {|the} US", "incorporate in Delaware", "Stripe Atlas", "Clerky", "Firstbase", "Doola", "EIN", "ITIN", "83b election", "83(b) election", "Delaware flip", "flip to Delaware", "US holding", "US entity", "Wyoming LLC", "registered agent in Delaware", "franchise tax"],
    ru: ["Делавэр", "Делавэре", "Делавер", "Си-корп", "американская компания", "американскую компанию", "американской компании", "компания в США", "компанию в США", "компании в США", "регистрация в США", "регистрация компании в США", "зарегистрировать компанию в США", "открыть компанию в США", "LLC в США", "американское LLC", "Stripe Atlas", "EIN", "ITIN", "флип", "флипа", "переезд компании в США", "холдинг в США", "юрлицо в США", "Вайоминг"],
  },
  {
    id: "international_structure",
    topic: "company_setup",
    label: { en: "company abroad and holding structures", ru: "компания за рубежом и холдинговые структуры" },
    en: ["holding company", "holding structure", "group structure", "corporate structure abroad", "offshore company", "offshore", "company abroad", "foreign company", "foreign entity", "international structure", "UAE company", "Dubai company", "company in {Dubai|UAE|Cyprus|Estonia|UK|Georgia|Armenia|Serbia|Singapore|Hong Kong|Portugal|Ireland|Netherlands|Kazakhstan|Germany|Poland|Lithuania|Spain|Israel|Canada}", "{register|registering|set up|setting up|open|opening|form|incorporate|incorporating|start|starting} {|a} {company|business|entity|LLC|branch} in {Dubai|UAE|Cyprus|Estonia|UK|Georgia|Armenia|Serbia|Singapore|Hong Kong|Portugal|Ireland|Netherlands|Kazakhstan|Germany|Poland|Lithuania|Spain|Israel|Canada|Montenegro|Turkey}", "free zone", "free zone company", "DMCC", "IFZA", "Meydan free zone", "Cyprus company", "Estonian company", "Estonian e-Residency", "UK Ltd", "Singapore company", "Hong Kong company", "Astana Hub", "AIFC", "IT park", "Armenia IT", "virtual zone Georgia", "nominee director", "redomiciliation", "redomicile", "move {|the|our|my} company abroad", "relocate {|the|our|my} company"],
    ru: ["холдинг", "холдинга", "холдингом", "холдинговая компания", "холдинговая структура", "холдинговой структуры", "структура группы", "зарубежная компания", "зарубежную компанию", "зарубежной компании", "зарубежные компании", "иностранная компания", "иностранную компанию", "иностранной компании", "компания за рубежом", "компанию за рубежом", "компании за рубежом", "компания за границей", "компанию за границей", "юрлицо за рубежом", "юрлицо за границей", "иностранное юрлицо", "зарубежное юрлицо", "{компания|компанию|компании|компаний|юрлицо|юрлица|регистрация|регистрация компании|регистрация компаний|открыть компанию|открытие компании|зарегистрировать компанию|открыть юрлицо} в {Дубае|ОАЭ|Эмиратах|на Кипре|Эстонии|Англии|Великобритании|Грузии|Армении|Сербии|Сингапуре|Гонконге|Португалии|Казахстане|Германии|Польше|Литве|Испании|Израиле|Черногории|Турции|Узбекистане|Кыргызстане|Киргизии|Таиланде|Индонезии}", "фризона", "фризоне", "фри-зона", "свободная экономическая зона", "свободной зоне", "кипрская компания", "кипрскую компанию", "эстонская компания", "электронное резидентство", "резидентство Эстонии", "Astana Hub", "Астана Хаб", "МФЦА", "AIFC", "виртуальная зона Грузии", "статус виртуальной зоны", "IT-парк Узбекистана", "ИТ-парк", "номинальный директор", "редомициляция", "перевод компании за рубеж", "перенос бизнеса за рубеж", "релокация бизнеса", "релокация компании", "зеркальная структура"],
  },
];
