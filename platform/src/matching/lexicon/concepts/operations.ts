/**
 * Concepts: logistics, e-commerce, operations, mentoring, wellbeing, careers, real estate.
 * Phrasing syntax (lexicon.ts): "{a|b}" alternatives, "{|a}" optional word, "=word" exact form.
 */
import type { ConceptEntry } from "../lexicon.ts";

export const OPERATIONS: readonly ConceptEntry[] = [
  // ── logistics ──────────────────────────────────────────────────────────────
  {
    id: "freight_shipping",
    topic: "logistics",
    label: { en: "freight and shipping", ru: "грузоперевозки и доставка грузов" },
    en: ["freight", "freight forwarding", "freight forwarder", "forwarder", "forwarding", "international shipping", "shipping from China", "shipping to {|the} {US|EU|Europe|UK}", "ocean freight", "sea freight", "air freight", "rail freight", "road freight", "trucking", "truckload", "LTL", "FTL", "FCL", "LCL", "container shipping", "shipping containers", "containers from China", "cargo", "cargo delivery", "shipments", "shipment", "ship {|our|my} products", "ship goods", "shipping rates", "shipping costs", "logistics", "logistician", "logistics company", "logistics provider", "3PL", "4PL", "carriers", "carrier", "Incoterms", "DDP", "bill of lading", "multimodal", "cross-border logistics", "logistics startup", "logtech", "fleet management", "route optimization"],
    ru: ["логистика", "логистики", "логистику", "логистикой", "логист", "логиста", "логисты", "логистов", "логистическая компания", "логистическую компанию", "логистические услуги", "грузоперевозки", "грузоперевозок", "грузоперевозка", "перевозка грузов", "перевозки грузов", "перевозку грузов", "перевозки", "перевозок", "перевозчик", "перевозчика", "перевозчики", "перевозчиков", "доставка грузов", "доставку грузов", "доставка товаров из Китая", "доставка из Китая", "доставку из Китая", "доставка из Турции", "доставка из Европы", "карго", "груз", "груза", "грузы", "грузов", "экспедитор", "экспедитора", "экспедирование", "транспортная компания", "транспортную компанию", "ТК", "фура", "фуры", "автоперевозки", "морские перевозки", "морская доставка", "авиадоставка", "авиаперевозки", "ж/д перевозки", "железнодорожные перевозки", "контейнер", "контейнеры", "контейнерные перевозки", "мультимодальные перевозки", "Инкотермс", "международная логистика", "международные перевозки", "логистика из Китая", "цепочка доставки", "управление автопарком", "оптимизация маршрутов"],
  },
  {
    id: "customs",
    topic: "logistics",
    label: { en: "customs clearance and foreign trade", ru: "таможня и ВЭД" },
    en: ["=customs", "customs clearance", "customs broker", "customs brokerage", "customs declaration", "customs duties", "import duties", "duties and tariffs", "tariffs", "tariff", "HS codes", "HS code", "import", "imports", "importing", "import goods", "export documentation", "export license", "foreign trade", "international trade", "trade compliance", "EORI", "certificate of origin", "rules of origin", "bonded warehouse", "parallel import"],
    ru: ["таможня", "таможни", "таможню", "таможней", "таможенное оформление", "таможенного оформления", "таможенный брокер", "таможенного брокера", "таможенный представитель", "таможенные платежи", "таможенная пошлина", "пошлины", "пошлина", "растаможка", "растаможки", "растаможить", "растаможивание", "ВЭД", "внешнеэкономическая деятельность", "внешнеэкономической деятельности", "внешняя торговля", "импорт", "импорта", "импортом", "импортировать", "импортирую", "ввоз товаров", "ввезти товар", "код ТН ВЭД", "ТН ВЭД", "сертификат происхождения", "параллельный импорт", "параллельного импорта", "валютный контроль ВЭД", "ВЭД-контракт", "ВЭД-менеджер", "менеджер ВЭД", "агент ВЭД", "платёжный агент ВЭД"],
  },
  {
    id: "warehousing_fulfillment",
    topic: "logistics",
    label: { en: "warehousing and fulfillment", ru: "склад и фулфилмент" },
    en: ["warehouse", "warehouses", "warehousing", "fulfillment", "fulfilment", "fulfillment center", "fulfillment centre", "order fulfillment", "3PL warehouse", "FBA prep", "pick and pack", "storage space", "WMS", "warehouse management", "inventory storage", "dark store", "dark stores"],
    ru: ["склад", "склада", "складе", "складом", "склады", "складов", "складская логистика", "складской", "складские услуги", "складское хранение", "ответственное хранение", "фулфилмент", "фулфилмента", "фулфилментом", "фулфилмент-центр", "фулфилмент-оператор", "фф", "комплектация заказов", "сборка заказов", "WMS", "управление складом", "даркстор", "дарксторы"],
  },
  {
    id: "last_mile_delivery",
    topic: "logistics",
    label: { en: "delivery and last mile", ru: "доставка и последняя миля" },
    en: ["delivery", "deliveries", "delivery service", "delivery services", "last mile", "last-mile", "last mile delivery", "courier", "couriers", "courier service", "same-day delivery", "express delivery", "parcel delivery", "parcels", "food delivery", "delivery app", "pickup points", "parcel lockers", "returns logistics", "reverse logistics", "DHL", "FedEx", "postal services"],
    ru: ["доставка", "доставки", "доставку", "доставкой", "служба доставки", "службу доставки", "курьерская доставка", "курьерской доставки", "курьер", "курьера", "курьеры", "курьеров", "последняя миля", "последней мили", "доставка день в день", "экспресс-доставка", "доставка посылок", "посылки", "посылок", "доставка еды", "ПВЗ", "пункты выдачи", "пункт выдачи", "постаматы", "СДЭК", "Боксберри", "Почта России", "возвраты товаров", "обратная логистика"],
  },
  {
    id: "supply_chain",
    topic: "logistics",
    label: { en: "supply chain and inventory", ru: "цепочки поставок и запасы" },
    en: ["supply chain", "supply chains", "supply chain management", "SCM", "inventory", "inventory management", "stock management", "inventory planning", "demand planning", "S&OP", "stockouts", "overstock", "replenishment", "lead times", "supply planning", "sourcing strategy", "supply chain resilience", "nearshoring supply"],
    ru: ["цепочка поставок", "цепочки поставок", "цепочек поставок", "цепь поставок", "управление цепями поставок", "управление цепочками поставок", "supply chain", "управление запасами", "управления запасами", "запасы", "запасов", "товарные запасы", "товарный запас", "остатки", "остатков", "складские остатки", "учёт остатков", "учет остатков", "оборачиваемость", "оборачиваемости", "планирование закупок", "планирование спроса", "дефицит товара", "сроки поставки"],
  },
  {
    id: "china_sourcing",
    topic: "logistics",
    label: { en: "sourcing from China and Asia", ru: "закупки в Китае и Азии" },
    en: ["sourcing from China", "sourcing in China", "suppliers in China", "Chinese suppliers", "Chinese factories", "factories in China", "manufacturing in China", "China manufacturing", "Alibaba", "1688", "Canton Fair", "sourcing agent", "sourcing agents", "buying agent in China", "quality inspection", "factory audit", "Yiwu", "Vietnam manufacturing", "India sourcing", "Turkey suppliers"],
    ru: ["закупки в Китае", "закупка в Китае", "закупать в Китае", "закупаю в Китае", "товары из Китая", "товар из Китая", "поставщики из Китая", "поставщики в Китае", "поставщиков в Китае", "поставщика в Китае", "китайские поставщики", "китайских поставщиков", "китайские фабрики", "фабрики в Китае", "производство в Китае", "Alibaba", "алибаба", "1688", "Кантонская ярмарка", "байер в Китае", "байеры в Китае", "агент в Китае", "выкуп товара", "проверка фабрики", "инспекция качества", "поставщики из Турции", "товары из Турции", "закупки в Турции"],
  },

  // ── ecommerce ──────────────────────────────────────────────────────────────
  {
    id: "online_store",
    topic: "ecommerce",
    label: { en: "online store", ru: "интернет-магазин" },
    en: ["e-commerce", "ecommerce", "ecom", "online store", "online stores", "online shop", "webshop", "web shop", "ecommerce store", "ecommerce brand", "D2C", "DTC", "direct to consumer", "direct-to-consumer", "Shopify", "Shopify store", "WooCommerce", "Magento", "BigCommerce", "Shopware", "PrestaShop", "store on Shopify", "Shopify developer", "Shopify apps", "Shopify theme", "checkout", "cart abandonment", "abandoned carts", "product catalog", "product feed", "ecommerce SEO", "ecommerce =marketing", "ecommerce operations", "sell online", "selling online", "online sales", "subscription box", "dropshipping", "drop shipping", "print on demand store", "headless commerce"],
    ru: ["интернет-магазин", "интернет-магазина", "интернет-магазины", "интернет-магазинов", "интернет магазин", "онлайн-магазин", "онлайн-магазина", "онлайн магазин", "e-commerce", "ecommerce", "ecom", "еком", "екоммерс", "электронная коммерция", "электронной коммерции", "интернет-торговля", "интернет-торговли", "онлайн-торговля", "онлайн-продажи", "онлайн продажи", "продажи онлайн", "продавать онлайн", "продаю онлайн", "D2C", "DTC", "Shopify", "шопифай", "WooCommerce", "InSales", "Инсейлс", "корзина", "брошенные корзины", "оформление заказа", "каталог товаров", "товарный фид", "дропшиппинг", "дропшиппинга", "свой бренд товаров"],
  },
  {
    id: "marketplaces",
    topic: "ecommerce",
    label: { en: "selling on marketplaces", ru: "продажи на маркетплейсах" },
    en: ["Amazon seller", "Amazon sellers", "selling on Amazon", "sell on Amazon", "Amazon FBA", "FBA", "Amazon PPC", "Amazon listing", "Amazon listings", "Amazon store", "Amazon brand", "Etsy", "Etsy shop", "eBay", "Walmart marketplace", "Zalando", "Allegro", "Noon", "Trendyol", "Mercado Libre", "marketplace seller", "marketplace sales", "sell on marketplaces", "selling on marketplaces", "marketplace listings", "listing optimization", "Wildberries", "Ozon", "Yandex Market", "Kaspi"],
    ru: ["маркетплейс", "маркетплейса", "маркетплейсы", "маркетплейсов", "маркетплейсах", "маркетплейсе", "маркетплейсам", "маркетплейсами", "продажи на маркетплейсах", "продажи на маркетплейсе", "продавать на маркетплейсах", "торговля на маркетплейсах", "выход на маркетплейсы", "выйти на маркетплейсы", "Wildberries", "Вайлдберриз", "вайлдберриз", "ВБ", "WB", "Ozon", "Озон", "озон", "Озоне", "Яндекс Маркет", "Яндекс.Маркет", "Мегамаркет", "СберМегаМаркет", "Kaspi", "Каспи", "Lamoda", "Ламода", "селлер", "селлера", "селлеры", "селлеров", "продавец на маркетплейсе", "продавцы на маркетплейсах", "менеджер маркетплейсов", "менеджер по маркетплейсам", "карточки на маркетплейсе", "SEO карточек", "внутренняя реклама маркетплейса", "FBO", "FBS", "продажи на Amazon", "продавать на Amazon", "селлер на Amazon", "Etsy", "этси"],
  },
  {
    id: "retail",
    topic: "ecommerce",
    label: { en: "retail and physical stores", ru: "розница и офлайн-магазины" },
    en: ["retail", "retailer", "retailers", "retail store", "retail stores", "brick and mortar", "brick-and-mortar", "physical store", "physical stores", "offline store", "offline retail", "retail chain", "retail chains", "shop floor", "store opening", "pop-up store", "second location", "second store", "second shop", "second branch", "open another {location|store|shop|branch|restaurant|cafe}", "pop-up shop", "popup", "concept store", "retail space design", "visual merchandising", "merchandising", "point of sale", "POS", "POS system", "FMCG", "CPG", "consumer goods", "grocery", "supermarkets", "convenience stores", "omnichannel retail"],
    ru: ["ритейл", "ритейла", "ритейлом", "ритейлер", "ритейлеры", "ритейлеров", "розница", "розницы", "розницу", "розничная торговля", "розничной торговли", "розничный магазин", "розничные магазины", "розничная сеть", "офлайн-магазин", "офлайн магазин", "офлайн-точка", "офлайн-точки", "торговая точка", "торговые точки", "торговых точек", "точки продаж", "точка продаж", "открыть магазин", "открытие магазина", "вторую точку", "вторая точка", "новую точку", "открыть филиал", "открытие филиала", "второй филиал", "магазин", "магазина", "магазины", "магазинов", "шоурум", "шоу-рум", "поп-ап", "поп-ап магазин", "корнер", "мерчандайзинг", "мерчендайзинг", "визуальный мерчандайзинг", "кассы", "кассовое оборудование", "онлайн-касса", "онлайн-кассы", "FMCG", "товары повседневного спроса", "продуктовый магазин", "супермаркет", "супермаркеты", "сетевой магазин", "омниканальность"],
  },
  {
    id: "marketplace_platform",
    topic: "ecommerce",
    label: { en: "building a marketplace platform", ru: "создание платформы-маркетплейса" },
    en: ["two-sided marketplace", "two sided marketplace", "multi-sided marketplace", "marketplace startup", "marketplace platform", "build {|a} marketplace", "building {|a} marketplace", "marketplace model", "marketplace liquidity", "supply and demand side", "supply side", "demand side", "chicken and egg problem", "take rate", "GMV", "marketplace launch", "launch {|a|our} marketplace", "platform business", "network effects", "B2B marketplace", "services marketplace", "rental marketplace"],
    ru: ["двусторонний маркетплейс", "двусторонняя платформа", "создать маркетплейс", "создание маркетплейса", "запустить маркетплейс", "запуск маркетплейса", "строю маркетплейс", "маркетплейс услуг", "B2B-маркетплейс", "B2B маркетплейс", "платформенный бизнес", "платформа для исполнителей", "агрегатор", "агрегатора", "агрегаторы", "ликвидность маркетплейса", "сторона предложения", "сторона спроса", "GMV", "комиссия платформы", "сетевой эффект", "сетевые эффекты"],
  },

  // ── operations ─────────────────────────────────────────────────────────────
  {
    id: "operations_management",
    topic: "operations",
    label: { en: "operations management", ru: "операционное управление" },
    en: ["operations", "operations management", "operations manager", "operational excellence", "operational efficiency", "ops", "bizops", "business operations", "COO", "chief operating officer", "head of operations", "VP operations", "director of operations", "fractional COO", "operating model", "operating cadence", "business processes", "process improvement", "process optimization", "optimize {|our} processes", "SOPs", "standard operating procedures", "process documentation", "workflows", "scale operations", "scaling {|a} startup", "scale {|a} startup", "scaling operations", "scale {|the|my|our} business", "scaling {|the|a} business", "growing {|a|the} business", "systemize {|the} business", "systematize {|the} business", "run {|the} day-to-day", "day-to-day operations", "chief of staff", "Lean", "lean management", "Six Sigma", "Kaizen", "continuous improvement", "quality management", "TQM", "ISO 9001", "business transformation", "turnaround", "restructuring"],
    ru: ["операционка", "операционку", "операционки", "операционное управление", "операционного управления", "операционный директор", "операционного директора", "операционным директором", "операционный менеджер", "операционного менеджера", "операционные процессы", "операционных процессов", "операционная эффективность", "операционной эффективности", "COO", "бизнес-процессы", "бизнес-процессов", "бизнес процессы", "бизнес процессов", "бизнес-процессами", "описание бизнес-процессов", "оптимизация процессов", "оптимизация бизнес-процессов", "оптимизировать процессы", "выстроить процессы", "выстраивание процессов", "выстраиваю процессы", "построение процессов", "регламенты", "регламентов", "регламентация", "систематизация бизнеса", "систематизировать бизнес", "систематизация", "масштабирование бизнеса", "масштабирования бизнеса", "масштабировать бизнес", "масштабирую бизнес", "масштабирование", "масштабировании", "управление бизнесом", "управлению бизнесом", "руководитель бизнеса", "наладить операционку", "бережливое производство", "бережливого производства", "лин", "кайдзен", "шесть сигм", "управление качеством", "система менеджмента качества", "СМК", "ISO 9001", "антикризисное управление", "реструктуризация", "трансформация бизнеса", "chief of staff", "правая рука", "правая рука CEO", "правая рука собственника", "операционный партнёр собственника"],
  },
  {
    id: "project_management",
    topic: "operations",
    label: { en: "project management", ru: "управление проектами" },
    en: ["project management", "project manager", "project managers", "program manager", "program management", "delivery manager", "PMO", "PMP", "Agile", "agile coach", "Scrum", "Scrum master", "Kanban", "Jira", "Asana", "Notion", "ClickUp", "Trello", "Monday.com", "project planning", "project delivery", "deadlines", "deliver projects on time", "stakeholder management", "resource planning"],
    ru: ["управление проектами", "управления проектами", "управлению проектами", "проджект-менеджер", "проджект менеджер", "проджекта", "проджект", "проджекты", "менеджер проектов", "менеджера проектов", "менеджер проекта", "руководитель проектов", "руководитель проекта", "руководителя проекта", "управление проектом", "проектное управление", "проектный офис", "PMO", "PMP", "Agile", "аджайл", "эджайл", "гибкие методологии", "Scrum", "скрам", "скрам-мастер", "Kanban", "канбан", "Jira", "джира", "Asana", "Notion", "ноушн", "Битрикс24 задачи", "планирование проектов", "сроки проекта", "дедлайны", "управление стейкхолдерами", "ресурсное планирование"],
  },
  {
    id: "customer_support",
    topic: "operations",
    label: { en: "customer support", ru: "поддержка клиентов" },
    en: ["customer support", "customer service", "support team", "support operations", "=help desk", "helpdesk", "service desk", "call center", "call centre", "contact center", "contact centre", "support tickets", "ticketing system", "Zendesk", "Intercom", "Freshdesk", "live chat", "support agents", "first response time", "CSAT", "support outsourcing", "outsourced support", "technical support", "tech support", "L1 support", "L2 support"],
    ru: ["поддержка клиентов", "поддержки клиентов", "поддержку клиентов", "клиентская поддержка", "клиентской поддержки", "служба поддержки", "службы поддержки", "службу поддержки", "техподдержка", "техподдержки", "техподдержку", "техническая поддержка", "технической поддержки", "саппорт", "саппорта", "колл-центр", "колл-центра", "кол-центр", "контакт-центр", "контакт-центра", "call-центр", "хелпдеск", "Zendesk", "Usedesk", "Юздеск", "Intercom", "тикеты", "обращения клиентов", "обращений клиентов", "операторы поддержки", "оператор поддержки", "аутсорсинг поддержки", "аутсорс поддержки", "чат поддержки", "CSAT", "жалобы клиентов"],
  },
  {
    id: "assistants_outsourcing",
    topic: "operations",
    label: { en: "assistants and back office", ru: "ассистенты и бэк-офис" },
    en: ["virtual assistant", "virtual assistants", "executive assistant", "executive assistants", "personal assistant", "VA", "admin support", "administrative support", "back office", "back-office", "office manager", "office management", "admin tasks", "delegation", "delegate tasks", "delegating", "BPO", "business process outsourcing", "outsourcing back office", "concierge service"],
    ru: ["ассистент", "ассистента", "ассистенты", "ассистентов", "ассистентом", "личный ассистент", "личного ассистента", "бизнес-ассистент", "бизнес-ассистента", "виртуальный ассистент", "виртуального ассистента", "исполнительный ассистент", "помощник руководителя", "помощника руководителя", "личный помощник", "личного помощника", "офис-менеджер", "офис-менеджера", "административная поддержка", "административные задачи", "бэк-офис", "бэкофис", "делегирование", "делегированию", "делегировать", "делегирую", "аутсорсинг бизнес-процессов", "консьерж-сервис"],
  },
  {
    id: "manufacturing",
    topic: "operations",
    label: { en: "manufacturing and production", ru: "производство" },
    en: ["manufacturing", "manufacturer", "manufacturers", "contract manufacturing", "contract manufacturer", "co-packer", "co-packing", "factory", "factories", "production line", "production facility", "manufacturing plant", "mass production", "scale production", "scaling production", "production scaling", "small batch production", "pilot production", "injection molding", "CNC machining", "metalworking", "assembly line", "industrial production", "industry 4.0", "smart manufacturing", "MES", "production planning", "OEE", "food production", "food manufacturing", "cosmetics manufacturing", "textile manufacturing"],
    ru: ["производство", "производства", "производстве", "производством", "производствах", "производственная компания", "производственной компании", "производственное предприятие", "производственные процессы", "производственный", "производитель", "производителя", "производители", "производителей", "контрактное производство", "контрактного производства", "завод", "завода", "заводе", "заводы", "заводов", "фабрика", "фабрики", "фабрике", "цех", "цеха", "цехе", "производственная линия", "производственную линию", "запуск производства", "запустить производство", "масштабирование производства", "серийное производство", "мелкосерийное производство", "литьё под давлением", "литье пластика", "металлообработка", "станки", "станков", "промышленность", "промышленности", "промышленное предприятие", "промышленных предприятий", "промышленный", "индустрия 4.0", "MES", "пищевое производство", "пищевого производства", "производство косметики", "швейный цех", "технолог", "технолога", "технологи производства"],
  },
  {
    id: "horeca",
    topic: "operations",
    label: { en: "restaurants and hospitality", ru: "рестораны и гостеприимство (HoReCa)" },
    en: ["restaurant", "restaurants", "restaurateur", "cafe", "cafes", "coffee shop", "coffee shops", "cocktail bar", "bakery", "food business", "food service", "foodservice", "HoReCa", "horeca", "=hospitality", "hotel", "hotels", "hotel management", "hostel", "guest house", "boutique hotel", "catering", "chef", "cloud kitchen", "dark kitchen", "ghost kitchen", "menu engineering", "F&B", "food and beverage", "foodtech", "food tech", "open {|a} restaurant", "open {|a} cafe", "tourism", "travel business", "tour operator", "travel agency"],
    ru: ["ресторан", "ресторана", "рестораны", "ресторанов", "ресторане", "ресторанами", "ресторатор", "ресторатора", "рестораторы", "ресторанный бизнес", "ресторанного бизнеса", "ресторанном бизнесе", "кафе", "кофейня", "кофейни", "кофейню", "кофеен", "пекарня", "пекарни", "пекарню", "общепит", "общепита", "общепите", "HoReCa", "хорека", "хореке", "гостеприимство", "гостиница", "гостиницы", "гостиниц", "отель", "отеля", "отели", "отелей", "хостел", "гостевой дом", "глэмпинг", "кейтеринг", "кейтеринга", "шеф-повар", "повар", "повара", "дарк-китчен", "фудтех", "открыть ресторан", "открыть кафе", "открыть кофейню", "туризм", "туризма", "туристический бизнес", "туроператор", "турагентство", "турагент"],
  },
  {
    id: "beauty_industry",
    topic: "operations",
    label: { en: "beauty industry and salons", ru: "бьюти-индустрия и салоны" },
    en: ["beauty salon", "beauty salons", "hair salon", "barbershop", "barber shop", "nail salon", "nail studio", "day spa", "spa salon", "beauty studio", "beauty business", "beauty industry", "beauty brand", "cosmetics brand", "skincare brand", "skincare", "cosmetics", "makeup artist", "hairdresser", "cosmetologist", "aesthetic clinic", "lash studio"],
    ru: ["салон красоты", "салона красоты", "салоны красоты", "салонов красоты", "бьюти", "бьюти-индустрия", "бьюти-бизнес", "бьюти-сфера", "бьюти-бренд", "индустрия красоты", "барбершоп", "барбершопа", "парикмахерская", "парикмахер", "парикмахера", "ногтевая студия", "маникюр", "маникюрный салон", "студия маникюра", "косметолог", "косметолога", "косметология", "косметологии", "визажист", "визажиста", "бровист", "лэшмейкер", "спа", "СПА-салон", "косметика", "косметики", "косметику", "уходовая косметика", "бренд косметики"],
  },
  {
    id: "automotive",
    topic: "operations",
    label: { en: "automotive and car services", ru: "автобизнес и автосервис" },
    en: ["automotive", "automotive industry", "car dealership", "car dealer", "car dealers", "auto repair", "car repair", "car service", "auto service", "car wash", "auto parts", "car parts", "spare parts", "fleet", "car rental", "carsharing", "ride-hailing", "mobility startup", "mobility", "used cars", "car import", "EV startup", "tire shop", "tyre shop"],
    ru: ["автосервис", "автосервиса", "автосервисы", "автосервисов", "СТО", "ремонт автомобилей", "ремонт авто", "автомобили", "автомобилей", "автомобильный бизнес", "автобизнес", "автодилер", "автодилера", "автосалон", "автосалона", "автомойка", "автомойки", "автозапчасти", "запчасти", "запчастей", "шиномонтаж", "шины", "прокат автомобилей", "аренда автомобилей", "каршеринг", "каршеринга", "такси", "автопарк", "автопарка", "подержанные автомобили", "пригон авто", "пригон автомобилей", "ввоз автомобилей", "мобильность", "автопром", "автомобильная отрасль"],
  },
  {
    id: "business_strategy",
    topic: "operations",
    label: { en: "business strategy and consulting", ru: "стратегия и бизнес-консалтинг" },
    en: ["business strategy", "corporate strategy", "company strategy", "strategic planning", "strategy consulting", "strategy consultant", "management consulting", "management consultant", "business consultant", "business consulting", "McKinsey", "BCG", "Bain", "OKR", "OKRs", "goal setting", "KPIs", "KPI", "balanced scorecard", "strategic review", "growth strategy", "business model innovation", "competitive strategy", "long-term strategy", "annual planning", "board strategy", "strategy offsite"],
    ru: ["стратегия", "стратегии", "стратегию", "стратегией", "стратегий", "стратегическое планирование", "стратегического планирования", "стратегия развития", "стратегию развития", "стратегия компании", "бизнес-стратегия", "бизнес-стратегию", "стратегический консалтинг", "стратегический консультант", "стратег", "стратега", "управленческий консалтинг", "управленческого консалтинга", "бизнес-консалтинг", "бизнес-консалтинга", "бизнес-консультант", "бизнес-консультанта", "бизнес консультант", "консалтинг", "консалтинга", "консалтингом", "консультант по бизнесу", "консультант по управлению", "OKR", "ОКР", "KPI", "КПЭ", "целеполагание", "постановка целей", "система целей", "годовое планирование", "стратегия роста"],
  },
  {
    id: "sustainability",
    topic: "operations",
    label: { en: "sustainability and climate", ru: "устойчивость и климат" },
    en: ["sustainability", "sustainable business", "climate", "climate tech", "climatetech", "cleantech", "clean tech", "carbon footprint", "carbon accounting", "carbon credits", "carbon offsets", "decarbonization", "net zero", "emissions reduction", "renewable energy", "=renewables", "solar", "solar energy", "wind energy", "energy efficiency", "energy storage", "batteries", "EV charging", "electric vehicles", "circular economy", "recycling", "waste management", "upcycling", "green energy", "hydrogen", "agtech", "agritech", "agriculture", "farming", "vertical farming", "water tech"],
    ru: ["устойчивость", "устойчивости", "устойчивый бизнес", "экология", "экологии", "экологичность", "климат", "климата", "климатические технологии", "климатические проекты", "климатический проект", "климатех", "чистые технологии", "углеродный след", "углеродного следа", "углеродные единицы", "декарбонизация", "декарбонизации", "выбросы CO2", "углеродная нейтральность", "возобновляемая энергетика", "возобновляемой энергетики", "ВИЭ", "солнечная энергетика", "солнечные панели", "ветроэнергетика", "энергоэффективность", "энергетика", "энергетики", "энергетике", "накопители энергии", "аккумуляторы", "зарядные станции", "электромобили", "электромобилей", "циркулярная экономика", "переработка отходов", "вторсырьё", "вторсырье", "утилизация", "апсайклинг", "водород", "агротех", "агротеха", "сельское хозяйство", "сельского хозяйства", "фермерство", "фермер", "фермеры", "вертикальные фермы", "АПК"],
  },

  // ── mentoring ──────────────────────────────────────────────────────────────
  {
    id: "startup_mentoring",
    topic: "mentoring",
    label: { en: "mentoring and advising founders", ru: "менторство для основателей" },
    en: ["mentoring sessions", "mentoring session", "mentor sessions", "mentor", "mentors", "mentoring", "mentorship", "mentee", "mentees", "startup mentor", "startup mentoring", "founder mentoring", "mentor founders", "mentoring founders", "mentoring startups", "advisor", "advisors", "adviser", "advisers", "startup advisor", "startup advisory", "advisory", "advisory role", "advise founders", "advise startups", "advising founders", "advising startups", "sounding board", "sparring partner", "thinking partner", "bounce ideas", "seasoned founder", "serial entrepreneur", "office hours", "startup coaching", "=tracker", "=trackers", "accelerator mentor", "feedback on {|my|our} {startup|business|strategy|plan|pitch}"],
    ru: ["менторские сессии", "менторская сессия", "менторских сессий", "менторскую сессию", "менторские встречи", "ментор", "ментора", "менторы", "менторов", "ментором", "менторство", "менторства", "менторству", "менторинг", "менторю", "менторить", "наставник", "наставника", "наставники", "наставников", "наставничество", "наставничества", "ментор для стартапа", "ментор для основателя", "менторство стартапов", "менторство основателей", "эдвайзер", "эдвайзера", "эдвайзеры", "советник", "советника", "советником", "консультирую стартапы", "консультирую основателей", "консультирую фаундеров", "консультирую предпринимателей", "спарринг-партнёр", "спарринг-партнер", "спарринг", "обсудить идеи", "взгляд со стороны", "опытный предприниматель", "опытный фаундер", "серийный предприниматель", "серийный основатель", "=трекер", "=трекера", "=трекеры", "трекинг стартапов", "обратная связь по стартапу", "разбор стартапа", "разбор бизнеса"],
  },
  {
    id: "executive_coaching",
    topic: "mentoring",
    label: { en: "coaching", ru: "коучинг" },
    en: ["coach", "coaches", "coaching", "executive coach", "executive coaching", "leadership coach", "leadership coaching", "business coach", "business coaching", "CEO coach", "CEO coaching", "founder coach", "life coach", "life coaching", "ICF", "ICF coach", "certified coach", "coaching sessions", "1:1 coaching", "team coaching", "transformational coaching", "performance coaching"],
    ru: ["коуч", "коуча", "коучи", "коучей", "коучем", "коучинг", "коучинга", "коучингом", "коучинговые сессии", "коуч-сессии", "коуч-сессия", "коучинговая сессия", "бизнес-коуч", "бизнес-коуча", "бизнес коуч", "бизнес-коучинг", "executive-коуч", "executive коуч", "коуч руководителей", "коучинг руководителей", "коучинг для основателей", "лайф-коуч", "лайф коуч", "ICF", "сертифицированный коуч", "командный коучинг", "коучу", "коучую"],
  },
  {
    id: "leadership",
    topic: "mentoring",
    label: { en: "leadership and management skills", ru: "лидерство и управленческие навыки" },
    en: ["leadership", "leadership skills", "leadership development", "=people management", "managing =people", "manage =people", "team management", "managing {|a|my} team", "manage {|a|my} team", "first-time manager", "first time manager", "becoming a manager", "management skills", "delegation skills", "giving feedback", "difficult conversations", "conflict resolution", "conflicts in {|the} team", "team conflicts", "motivating {|the} team", "team motivation", "hiring and firing", "managing managers", "scaling {|as a} leader", "executive presence", "emotional intelligence", "high-performing teams", "team dynamics", "CEO skills", "founder to CEO", "decision making", "decision-making"],
    ru: ["лидерство", "лидерства", "лидерские качества", "лидерские навыки", "управленческие навыки", "управленческих навыков", "управление людьми", "управления людьми", "управлять людьми", "управление командой", "управления командой", "управлению командой", "управлять командой", "руководство командой", "руководить командой", "начинающий руководитель", "начинающих руководителей", "новый руководитель", "первый опыт управления", "стать руководителем", "менеджмент", "менеджмента", "менеджменту", "обратная связь сотрудникам", "давать обратную связь", "сложные разговоры", "конфликты в команде", "конфликт в команде", "разрешение конфликтов", "мотивация команды", "мотивировать команду", "эмоциональный интеллект", "эффективная команда", "командная динамика", "принятие решений", "из основателя в CEO"],
  },
  {
    id: "peer_groups",
    topic: "mentoring",
    label: { en: "founder peer groups and masterminds", ru: "мастермайнды и клубы предпринимателей" },
    en: ["mastermind", "masterminds", "mastermind group", "peer group", "peer groups", "founder circle", "founder circles", "CEO peer group", "CEO club", "founders club", "founder community", "peer support", "peer mentoring", "business owners", "swap =experience", "=share =experience", "exchange =experience", "accountability partner", "accountability group", "YPO", "EO forum", "Vistage", "founder friends", "fellow founders"],
    ru: ["мастермайнд", "мастермайнды", "мастермайнда", "мастер-майнд", "клуб предпринимателей", "клуба предпринимателей", "бизнес-клуб", "бизнес клуб", "клуб основателей", "клуб фаундеров", "клуб CEO", "сообщество основателей", "сообщество фаундеров", "сообщество предпринимателей", "равные по уровню", "партнёр по ответственности", "группа поддержки основателей", "другие основатели", "других основателей", "другие фаундеры", "других фаундеров", "общение с предпринимателями", "общение с основателями", "нетворкинг с основателями", "обмен =опытом", "обмена =опытом", "обменяться =опытом", "обмениваться =опытом", "обмениваюсь =опытом", "владельцы бизнеса", "владельцами бизнеса", "собственники бизнеса"],
  },
  {
    id: "board_governance",
    topic: "mentoring",
    label: { en: "boards and governance", ru: "советы директоров" },
    en: ["board of directors", "board member", "board members", "board seat", "board seats", "independent director", "non-executive director", "NED", "NEDs", "board advisor", "advisory board", "advisory boards", "=board =meetings", "=board =meeting", "board deck", "investor updates", "investor update", "board governance", "board management", "governance", "chairman", "chairperson"],
    ru: ["=совет директоров", "=совета директоров", "=советом директоров", "член =совета директоров", "члена =совета директоров", "независимый директор", "независимого директора", "независимые директора", "консультативный =совет", "консультативного =совета", "эдвайзори борд", "эдвайзорный =совет", "наблюдательный =совет", "заседания =совета директоров", "отчёты инвесторам", "отчеты инвесторам", "апдейты инвесторам", "корпоративное управление", "корпоративного управления", "председатель =совета директоров"],
  },

  // ── wellbeing ──────────────────────────────────────────────────────────────
  {
    id: "burnout_stress",
    topic: "wellbeing",
    label: { en: "burnout and stress", ru: "выгорание и стресс" },
    en: ["burnout", "burn-out", "burning out", "burned out", "burnt out", "=burnout", "stress", "stressed", "stress management", "chronic stress", "overwhelm", "overwhelmed", "exhausted", "exhaustion", "fatigue", "founder burnout", "founder stress", "founder mental health", "prevent burnout", "preventing burnout", "avoid burnout", "recover from burnout", "burnout recovery", "resilience", "emotional resilience", "loneliness", "lonely", "founder loneliness", "imposter syndrome", "impostor syndrome", "anxiety about {|the} startup", "sleep problems", "insomnia", "sabbatical", "recharge", "decompress"],
    ru: ["выгорание", "выгорания", "выгоранием", "выгоранию", "выгорел", "выгорела", "выгораю", "выгорать", "профессиональное выгорание", "эмоциональное выгорание", "стресс", "стресса", "стрессом", "стрессы", "стрессов", "стрессе", "стрессоустойчивость", "управление стрессом", "справиться со стрессом", "усталость", "усталости", "=устал", "=устала", "хроническая усталость", "перегруз", "перегрузка", "перегрузки", "перегружен", "истощение", "истощения", "ресурсное состояние", "восстановиться", "восстановление сил", "отдых", "отдыха", "отдыхать", "саббатикал", "одиночество", "одиночества", "одиночество предпринимателя", "синдром самозванца", "синдрома самозванца", "бессонница", "проблемы со сном", "выгорание основателя", "профилактика выгорания", "предотвращение выгорания", "избежать выгорания", "психологическая устойчивость", "жизнестойкость"],
  },
  {
    id: "mental_health",
    topic: "wellbeing",
    label: { en: "mental health and therapy", ru: "психология и психотерапия" },
    en: ["mental health", "mental wellbeing", "mental =well-=being", "therapy", "therapist", "therapists", "psychotherapy", "psychotherapist", "psychologist", "psychologists", "psychology", "counseling", "counselling", "counselor", "counsellor", "CBT", "anxiety", "depression", "panic attacks", "trauma", "grief", "emotional support", "psychological support", "mental health support", "coaching psychology", "EMDR", "psychiatrist", "couples therapy", "family therapy", "mindset"],
    ru: ["психолог", "психолога", "психологи", "психологов", "психологом", "психологу", "психология", "психологии", "психологией", "психологическая помощь", "психологической помощи", "психологическую помощь", "психологическая поддержка", "психологической поддержки", "психотерапевт", "психотерапевта", "психотерапевты", "психотерапия", "психотерапии", "терапия", "терапии", "терапию", "терапевт", "КПТ", "когнитивно-поведенческая терапия", "ментальное здоровье", "ментального здоровья", "ментальным здоровьем", "психическое здоровье", "психического здоровья", "тревога", "тревоги", "тревожность", "тревожности", "депрессия", "депрессии", "панические атаки", "травма", "травмы", "эмоциональная поддержка", "эмоциональной поддержки", "психиатр", "семейная терапия", "семейный психолог", "гештальт", "гештальт-терапевт", "психоанализ", "психоаналитик", "майндсет"],
  },
  {
    id: "fitness_health",
    topic: "wellbeing",
    label: { en: "fitness, nutrition and health", ru: "спорт, питание и здоровье" },
    en: ["=fitness", "personal trainer", "fitness trainer", "fitness coach", "workout", "workouts", "training plan", "strength training", "gym", "trail running", "=runner", "=runners", "marathon", "triathlon", "cycling", "yoga", "yoga teacher", "pilates", "sports", "sport", "nutrition", "nutritionist", "dietitian", "diet", "healthy eating", "weight loss", "sleep", "sleep coach", "biohacking", "longevity protocols", "healthy lifestyle", "health coach", "wellness", "wellbeing", "=well-=being", "physiotherapy", "physiotherapist", "back pain", "health check-up", "preventive health", "health"],
    ru: ["фитнес", "фитнеса", "фитнесом", "фитнес-тренер", "фитнес-тренера", "персональный тренер", "персонального тренера", "тренировки", "тренировок", "тренировка", "силовые тренировки", "спортзал", "тренажёрный зал", "тренажерный зал", "бег", "бегом", "бегаю", "марафон", "марафона", "марафоны", "триатлон", "велоспорт", "велосипед", "йога", "йоги", "йогой", "преподаватель йоги", "пилатес", "спорт", "спорта", "спортом", "нутрициолог", "нутрициолога", "диетолог", "диетолога", "питание", "питания", "правильное питание", "здоровое питание", "похудение", "похудеть", "сон", "сна", "биохакинг", "биохакинга", "здоровый образ жизни", "ЗОЖ", "здоровье", "здоровья", "здоровьем", "велнес", "веллнес", "благополучие", "физиотерапевт", "реабилитолог", "остеопат", "массаж", "боли в спине", "чекап", "чек-ап", "профилактика здоровья"],
  },
  {
    id: "mindfulness",
    topic: "wellbeing",
    label: { en: "meditation and mindfulness", ru: "медитация и осознанность" },
    en: ["meditation", "meditate", "mindfulness", "mindful", "breathwork", "breathing practices", "retreat", "retreats", "meditation retreat", "vipassana", "spiritual", "spirituality", "self-awareness", "=journaling"],
    ru: ["медитация", "медитации", "медитацию", "медитирую", "медитировать", "осознанность", "осознанности", "осознанностью", "майндфулнес", "дыхательные практики", "дыхательных практик", "ретрит", "ретрита", "ретриты", "ретритов", "випассана", "духовность", "духовные практики", "телесные практики", "самопознание", "самопознания", "дневник", "джорналинг"],
  },
  {
    id: "work_life_balance",
    topic: "wellbeing",
    label: { en: "work-life balance and time management", ru: "баланс и тайм-менеджмент" },
    en: ["work-life balance", "work life balance", "time management", "manage {|my} time", "managing {|my} time", "=deep =work", "procrastination", "procrastinate", "habits", "habit building", "routines", "morning routine", "energy management", "boundaries", "setting boundaries", "personal productivity", "getting things done", "GTD", "family and startup", "founder with kids", "parenting", "=parents", "family life", "working mom", "working dad"],
    ru: ["баланс работы и жизни", "баланс между работой и жизнью", "тайм-менеджмент", "тайм менеджмент", "тайм-менеджмента", "управление временем", "управления временем", "управлять временем", "личная эффективность", "личной эффективности", "продуктивность", "продуктивности", "прокрастинация", "прокрастинации", "прокрастинирую", "привычки", "привычек", "рутина", "режим дня", "утренняя рутина", "управление энергией", "личные границы", "родительство", "родительства", "мама в декрете", "декрет", "декрете", "совмещать работу и семью", "совмещать бизнес и семью"],
  },

  // ── careers ────────────────────────────────────────────────────────────────
  {
    id: "job_search",
    topic: "careers",
    label: { en: "job search", ru: "поиск работы" },
    en: ["job", "jobs", "job search", "job hunting", "job hunt", "job seeker", "job seekers", "job opportunities", "job offer", "job offers", "next role", "next job", "new job", "=open roles", "job openings", "vacancies", "vacancy", "employment", "employed", "unemployed", "laid off", "got laid off", "between jobs", "job change", "change jobs", "changing jobs", "switch jobs", "full-time role", "part-time role", "part-time job", "contract role", "remote job", "remote jobs", "remote role", "remote position", "referral to {|a} company", "referrals", "employee referral", "land {|a} job", "landing a job", "FAANG", "big tech"],
    ru: ["поиск =работы", "поиска =работы", "поиске =работы", "найти =работу", "новую =работу", "новая =работа", "смена =работы", "сменить =работу", "поменять =работу", "=работу мечты", "вакансия", "вакансии", "вакансий", "вакансию", "открытые вакансии", "оффер", "оффера", "офферы", "офферов", "получить оффер", "трудоустройство", "трудоустройства", "трудоустроиться", "устроиться на работу", "устроиться в компанию", "попасть в компанию", "новая роль", "новую роль", "следующая роль", "удалённая =работа", "удаленная =работа", "удалённую =работу", "удаленную =работу", "=удалёнка", "=удаленка", "=удаленку", "=удалёнку", "подработка", "подработку", "частичная занятость", "полная занятость", "уволили", "попал под сокращение", "рекомендация в компанию", "реферальная рекомендация", "рефералка", "рефералку", "FAANG", "бигтех", "hh.ru"],
  },
  {
    id: "cv_resume",
    topic: "careers",
    label: { en: "CV, resume and LinkedIn profile", ru: "резюме и профиль LinkedIn" },
    en: ["CV", "CVs", "resume", "resumes", "résumé", "CV review", "resume review", "CV writing", "resume writing", "cover letter", "cover letters", "LinkedIn profile", "LinkedIn profile review", "portfolio review", "personal pitch", "career story", "=ATS", "applicant tracking system"],
    ru: ["резюме", "CV", "сиви", "сопроводительное письмо", "сопроводительного письма", "сопроводительные письма", "сопроводительное", "сопроводительного", "профиль LinkedIn", "профиль в LinkedIn", "профиль в линкедине", "профиля в LinkedIn", "оформление профиля", "ревью резюме", "разбор резюме", "составить резюме", "составление резюме", "написать резюме", "портфолио", "самопрезентация", "самопрезентации"],
  },
  {
    id: "interview_prep",
    topic: "careers",
    label: { en: "interview preparation", ru: "подготовка к собеседованиям" },
    en: ["interview preparation", "interview prep", "prepare for interviews", "preparing for interviews", "prepare for {|an|my} interview", "mock interview", "mock interviews", "job interview", "job interviews", "interview practice", "interview coaching", "behavioral interview", "behavioural interview", "system design interview", "coding interview", "coding interviews", "technical interview prep", "case interview", "case interviews", "PM interview", "product interview", "LeetCode", "interview loop", "onsite interview"],
    ru: ["собеседование", "собеседования", "собеседований", "собеседованию", "собеседованиям", "собеседованиях", "собес", "собесы", "собеса", "собесов", "подготовка к собеседованию", "подготовка к собеседованиям", "подготовиться к собеседованию", "пробное собеседование", "пробные собеседования", "мок-интервью", "мок интервью", "тренировочное собеседование", "тренировочные собеседования", "интервью при приёме", "техническое собеседование", "алгоритмическая секция", "алгоритмические задачи", "LeetCode", "литкод", "литкоде", "системный дизайн собеседование", "кейс-интервью", "поведенческое интервью"],
  },
  {
    id: "career_development",
    topic: "careers",
    label: { en: "career development and career change", ru: "развитие карьеры и смена профессии" },
    en: ["=career", "=careers", "=career advice", "career coach", "career coaching", "career consultant", "career counseling", "career development", "career growth", "career path", "career planning", "career strategy", "career change", "career changer", "career switch", "career transition", "switch careers", "switching careers", "change careers", "changing careers", "change {|my} career", "change {|of} profession", "transition into {tech|product|data|UX|design|PM|product management|engineering|=marketing}", "break into {tech|product|data|UX|design|PM|product management|VC|venture capital|consulting}", "move into {tech|product|data|UX|PM|management}", "salary negotiation", "negotiate {|my} salary", "negotiate {|an} offer", "offer negotiation", "salary expectations", "pay raise", "personal development", "professional development", "professional growth", "personal growth", "next step in {|my} career", "senior to staff", "IC to manager"],
    ru: ["карьера", "карьеры", "карьеру", "карьерой", "карьере", "карьерный", "карьерные", "карьерного", "карьерный консультант", "карьерного консультанта", "карьерный коуч", "карьерного коуча", "карьерное консультирование", "карьерная консультация", "карьерный рост", "карьерного роста", "карьерное развитие", "развитие карьеры", "карьерный трек", "карьерный путь", "карьерная стратегия", "смена профессии", "сменить профессию", "смену профессии", "смена сферы", "сменить сферу", "перейти в IT", "войти в IT", "вход в IT", "вкатиться в IT", "вкатиться", "переход в IT", "{перейти|перейду|переход|переключиться|уйти} в {аналитику данных|data science|дата-сайенс|продакт-менеджмент|UX-дизайн|разработку|программирование|тестирование|маркетинг|продажи|IT|ИТ|айти|менеджмент}", "перейти в продакты", "перейти в продакт-менеджмент", "перейти в аналитику", "перейти в UX", "перейти в менеджмент", "переквалификация", "переучиться", "повысили", "продвижение по карьерной лестнице", "зарплатные переговоры", "переговоры о зарплате", "обсудить оффер", "торговаться за оффер", "повышение зарплаты", "повысить зарплату", "зарплатные ожидания", "личностный рост", "личностного роста", "профессиональный рост", "профессионального роста", "профессиональное развитие", "саморазвитие", "саморазвития", "следующий шаг в карьере", "из сеньора в лида", "из разработчика в менеджеры"],
  },
  {
    id: "relocation",
    topic: "careers",
    label: { en: "relocation and moving abroad", ru: "релокация и переезд" },
    en: ["relocation", "relocate", "relocating", "relocated", "move abroad", "moving abroad", "moved abroad", "move to {|the} {US|USA|UK|Germany|Berlin|London|Netherlands|Amsterdam|Portugal|Lisbon|Spain|Cyprus|Dubai|UAE|Serbia|Belgrade|Georgia|Tbilisi|Armenia|Yerevan|Israel|Canada|Singapore|Thailand|Bali|Europe|Kazakhstan|Almaty|Montenegro|Turkey|Istanbul|Argentina|Mexico|Indonesia|Vietnam|Poland|Warsaw|France|Paris|Switzerland|Finland|Sweden|Estonia|Latvia|Riga|Lithuania|Vilnius|Czechia|Prague|Austria|Vienna|Italy|Australia}", "moving to {|the} {US|USA|UK|Germany|Berlin|London|Netherlands|Amsterdam|Portugal|Lisbon|Spain|Cyprus|Dubai|UAE|Serbia|Belgrade|Georgia|Tbilisi|Armenia|Yerevan|Israel|Canada|Singapore|Thailand|Bali|Europe|Kazakhstan|Almaty|Montenegro|Turkey|Istanbul|Argentina|Mexico|Indonesia|Poland|France|Switzerland|Finland|Estonia|Latvia|Lithuania|Czechia|Austria|Italy|Australia}", "emigration", "emigrate", "emigrated", "expat", "expats", "expatriate", "newcomer", "newcomers", "settling in", "settle in", "integration abroad", "life abroad", "living abroad", "digital nomad", "digital nomads", "nomad", "nomads", "nomad life", "relocation consultant", "relocation services", "relocation agency", "relocation package", "global mobility", "relocant", "relocants", "adaptation abroad", "culture shock", "international schools"],
    ru: ["релокация", "релокации", "релокацию", "релокацией", "релоцировался", "релоцировалась", "релоцироваться", "релокант", "релоканта", "релоканты", "релокантов", "релокантам", "релокантами", "переезд", "переезда", "переезде", "переездом", "переезду", "переехал", "переехала", "переехали", "переехать", "переезжаю", "переезжаем", "переезжать", "{переезд|переехать|переезжаю|переезжаем|переехал|переехала|переехали|переезжать|переезда} в {США|Америку|Англию|Великобританию|Лондон|Германию|Берлин|Нидерланды|Амстердам|Португалию|Лиссабон|Испанию|Барселону|Кипр|Лимассол|Дубай|ОАЭ|Сербию|Белград|Нови-Сад|Грузию|Тбилиси|Батуми|Армению|Ереван|Израиль|Канаду|Сингапур|Таиланд|Пхукет|Бали|Индонезию|Европу|Казахстан|Алматы|Астану|Черногорию|Турцию|Стамбул|Анталью|Аргентину|Буэнос-Айрес|Мексику|Вьетнам|Польшу|Варшаву|Францию|Париж|Швейцарию|Финляндию|Эстонию|Таллин|Латвию|Ригу|Литву|Вильнюс|Чехию|Прагу|Австрию|Вену|Италию|Австралию|Узбекистан|Ташкент|Кыргызстан|Бишкек}", "эмиграция", "эмиграции", "эмигрировать", "эмигрировал", "эмигрант", "эмигранты", "эмигрантов", "экспат", "экспаты", "экспатов", "жизнь за границей", "жизнь за рубежом", "жить за границей", "жить за рубежом", "живу за границей", "живу за рубежом", "адаптация за границей", "адаптация после переезда", "адаптация в новой стране", "новая страна", "новой стране", "цифровой кочевник", "цифровые кочевники", "номад", "номады", "номадов", "номадство", "релокационный консультант", "релокационное агентство", "сопровождение переезда", "помощь с переездом", "переезд за границу", "переезд за рубеж", "переезд в другую страну", "культурный шок", "международная школа", "международные школы"],
  },
  {
    id: "join_startup",
    topic: "careers",
    label: { en: "joining a startup", ru: "работа в стартапе" },
    en: ["join {|a|an} {startup|early-stage startup|early stage startup|early-stage company|early stage company|seed-stage startup|fast-growing startup}", "joining {|a|an} {startup|early-stage startup|early-stage company}", "startup job", "startup jobs", "startup role", "startup roles", "early employee", "early employees", "founding team member", "founding member", "operator role", "generalist role", "startup generalist", "leave corporate", "leaving corporate", "from corporate to startup", "corporate to startup", "first startup experience"],
    ru: ["поработать в стартапе", "работать в стартапе", "перейти в стартап", "уйти в стартап", "присоединиться к команде стартапа", "ранний сотрудник", "ранним сотрудником", "первые сотрудники стартапа", "вакансии в стартапах", "из корпорации в стартап", "уйти из корпорации", "ушёл из корпорации", "ушел из корпорации", "генералист", "генералиста"],
  },

  // ── real_estate ────────────────────────────────────────────────────────────
  {
    id: "residential_rental",
    topic: "real_estate",
    label: { en: "renting a home", ru: "аренда жилья" },
    en: ["rent {|a|an} {flat|apartment|house|room|place|studio|home}", "renting {|a|an} {flat|apartment|house|room|place|studio|home}", "rent out {|my|our|a} {flat|apartment|house|room}", "find {|a|an} {flat|apartment|place to live|room|house} to rent", "flat hunting", "apartment hunting", "house hunting", "apartment rental", "apartment rentals", "flat rental", "long-term rental", "long term rental", "long-term rent", "rental apartment", "place to live", "=housing", "accommodation", "landlord", "landlords", "tenant", "tenants", "lease agreement", "rental agreement", "rental contract", "flatmate", "flatmates", "roommate", "roommates", "sublet", "sublease", "room in {|a} shared flat", "coliving", "co-living", "serviced apartments"],
    ru: ["{снять|сниму|снимаю|снимем|снимать|снимаем|сняли|снял|сняла|арендовать|арендую|арендуем} {квартиру|квартира|квартиры|жильё|жилье|дом|комнату|апартаменты|студию|жильё на длительный срок}", "снять квартиру", "снять жильё", "снять жилье", "съём квартиры", "съем квартиры", "съёмная квартира", "съемная квартира", "съёмное жильё", "съемное жилье", "аренда квартиры", "аренду квартиры", "аренды квартиры", "аренда квартир", "аренда жилья", "аренду жилья", "аренды жилья", "аренда дома", "аренда комнаты", "долгосрочная аренда", "долгосрочную аренду", "{сдать|сдаю|сдаём|сдаем|сдавать} {квартиру|квартиры|жильё|жилье|дом|комнату|апартаменты}", "сдача квартиры", "сдача в аренду", "жильё", "жилье", "жилья", "жильём", "жильем", "квартира", "квартиру", "квартиры", "квартир", "квартире", "арендодатель", "арендодателя", "арендодатели", "арендатор", "арендатора", "арендаторы", "договор аренды", "договора аренды", "соседи по квартире", "сосед по квартире", "коливинг", "коливинга", "апартаменты"],
  },
  {
    id: "property_purchase",
    topic: "real_estate",
    label: { en: "buying and selling property", ru: "покупка и продажа недвижимости" },
    en: ["buy {|a|an} {house|home|flat|apartment|property|condo|villa|land|plot}", "buying {|a|an} {house|home|flat|apartment|property|condo|villa|land|plot}", "sell {|my|our|a} {house|home|flat|apartment|property|villa}", "selling {|my|our|a} {house|home|flat|apartment|property}", "property purchase", "home buying", "first home", "property abroad", "buy property abroad", "real estate abroad", "real estate", "realty", "property", "properties", "=off-plan", "condo", "villa", "villas", "land plot", "conveyancing", "property lawyer", "real estate lawyer", "property taxes", "property tax"],
    ru: ["{купить|куплю|покупаю|покупаем|покупка|покупку|покупке|приобрести|приобретение|продать|продаю|продаём|продаем|продажа|продажу} {квартиру|квартиры|дом|дома|недвижимость|недвижимости|жильё|жилье|апартаменты|виллу|участок|землю|коттедж|таунхаус}", "недвижимость", "недвижимости", "недвижимостью", "недвижка", "недвижку", "недвижимость за рубежом", "недвижимость за границей", "недвижимость в Дубае", "недвижимость в Турции", "недвижимость на Бали", "недвижимость в Таиланде", "недвижимость на Кипре", "недвижимость в Грузии", "новостройка", "новостройки", "новостройку", "новостройке", "вторичка", "вторичный рынок", "первичный рынок", "застройщик", "застройщика", "застройщики", "девелопер", "девелопера", "девелоперы", "девелопмент", "девелопмента", "участок", "участка", "загородный дом", "вилла", "виллу", "сделка с недвижимостью", "сделки с недвижимостью", "налог на имущество", "юрист по недвижимости"],
  },
  {
    id: "mortgage",
    topic: "real_estate",
    label: { en: "mortgages", ru: "ипотека" },
    en: ["mortgage", "mortgages", "mortgage broker", "mortgage advisor", "home loan", "home loans", "refinance", "refinancing", "remortgage", "mortgage rates", "mortgage for non-residents", "mortgage abroad"],
    ru: ["ипотека", "ипотеки", "ипотеку", "ипотекой", "ипотечный", "ипотечного", "ипотечный брокер", "ипотечного брокера", "ипотечный кредит", "рефинансирование", "рефинансирования", "ипотека для нерезидентов", "ипотека за рубежом", "семейная ипотека", "IT-ипотека", "ИТ-ипотека", "льготная ипотека"],
  },
  {
    id: "property_investment",
    topic: "real_estate",
    label: { en: "real estate investment", ru: "инвестиции в недвижимость" },
    en: ["real estate investment", "real estate investing", "real estate investor", "real estate investors", "property investment", "property investing", "property investor", "property investors", "invest in real estate", "investing in real estate", "invest in property", "buy-to-let", "buy to let", "rental yield", "rental income", "income property", "REIT", "REITs", "real estate fund", "real estate crowdfunding", "fix and flip", "house flipping", "flipping houses", "short-term rental", "short term rental", "short-term rentals", "Airbnb", "Airbnb host", "holiday rental", "vacation rental", "vacation rentals", "property management", "property manager", "property management company"],
    ru: ["инвестиции в недвижимость", "инвестиций в недвижимость", "инвестирую в недвижимость", "инвестировать в недвижимость", "инвестор в недвижимость", "инвестор в недвижимости", "инвесторы в недвижимость", "доходная недвижимость", "доходной недвижимости", "арендный бизнес", "арендного бизнеса", "доходность недвижимости", "арендный доход", "пассивный доход от аренды", "ЗПИФ", "фонд недвижимости", "краудинвестинг в недвижимость", "флиппинг", "флипп", "посуточная аренда", "посуточной аренды", "посуточно", "краткосрочная аренда", "краткосрочной аренды", "Airbnb", "эйрбиэнби", "Авито посуточно", "управление недвижимостью", "управления недвижимостью", "управляющая компания", "управляющей компании", "доверительное управление недвижимостью", "апарт-отель", "апарт-отели"],
  },
  {
    id: "commercial_real_estate",
    topic: "real_estate",
    label: { en: "office and commercial space", ru: "офисы и коммерческая недвижимость" },
    en: ["office space", "office spaces", "office lease", "office rental", "rent {|an} office", "renting an office", "coworking", "coworking space", "coworking spaces", "shared office", "flexible office", "serviced office", "commercial real estate", "commercial property", "commercial properties", "CRE", "retail space", "retail premises", "shop space", "warehouse space", "warehouse lease", "industrial space", "industrial real estate", "lab space", "studio space", "commercial lease", "office fit-out", "office move", "office relocation", "tenant representation"],
    ru: ["офисное помещение", "офисные помещения", "аренда офиса", "аренду офиса", "аренды офиса", "снять офис", "сниму офис", "арендовать офис", "офис в аренду", "офис для команды", "{найти|подобрать|подбор} {офис|офиса}", "помещение под {офис|магазин|кафе|ресторан|склад|производство|студию|шоурум}", "аренда помещения", "аренду помещения", "аренда помещений", "коворкинг", "коворкинга", "коворкинге", "коворкинги", "коворкингов", "коммерческая недвижимость", "коммерческой недвижимости", "коммерческую недвижимость", "торговые площади", "торговое помещение", "торговую площадь", "стрит-ритейл", "складские помещения", "аренда склада", "аренду склада", "производственное помещение", "производственные помещения", "производственная площадка", "переезд офиса", "ремонт офиса", "брокер коммерческой недвижимости"],
  },
  {
    id: "realtor",
    topic: "real_estate",
    label: { en: "real estate agents", ru: "риелторы" },
    en: ["realtor", "realtors", "real estate agent", "real estate agents", "estate agent", "estate agents", "letting agent", "letting agents", "rental agent", "property agent", "real estate broker", "buyer's agent", "property finder", "property search service", "real estate agency", "brokerage"],
    ru: ["риелтор", "риелтора", "риелторы", "риелторов", "риелтором", "риэлтор", "риэлтора", "риэлторы", "риэлторов", "риэлтором", "агент по недвижимости", "агента по недвижимости", "агенты по недвижимости", "агентство недвижимости", "агентства недвижимости", "брокер по недвижимости", "брокер недвижимости", "риелторские услуги", "риэлторские услуги", "подбор недвижимости", "подбор квартиры", "подбор квартир", "подобрать квартиру", "подбор жилья", "рилтор"],
  },
  {
    id: "construction_renovation",
    topic: "real_estate",
    label: { en: "construction and renovation", ru: "строительство и ремонт" },
    en: ["construction", "construction company", "construction project", "building contractor", "general contractor", "=builder", "=builders", "renovation", "renovations", "renovate", "renovating", "refurbishment", "remodeling", "remodel", "home renovation", "apartment renovation", "home repairs", "handyman", "architecture project", "building permit", "building permits", "construction permit", "construction tech", "contech", "proptech", "PropTech", "prefab", "modular homes", "smart home"],
    ru: ["строительство", "строительства", "строительстве", "строительная компания", "строительной компании", "стройка", "стройки", "стройке", "строитель", "строители", "строителей", "подрядчик на ремонт", "подрядчика на ремонт", "прораб", "прораба", "ремонт", "ремонта", "ремонтом", "ремонт квартиры", "ремонта квартиры", "ремонт под ключ", "=отделка", "=отделки", "=отделку", "отделочные работы", "разрешение на строительство", "строительные нормы", "стройтех", "проптех", "проптеха", "модульные дома", "каркасные дома", "частный дом", "строительство дома", "строю дом", "умный дом"],
  },
];
