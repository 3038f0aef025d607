/**
 * A second held-out set for bench/bilingual.ts, written after 1f2d437 and run once on it, blind
 * (the first held-out set, bilingual-heldout.ts, had been seen by then). Same shape as
 * bilingual-pairs.ts; the distractors are shared. That run: top-1 / top-3 RU-RU 80% / 85%, RU-EN
 * 75% / 85%, EN-RU 70% / 95% (raw Russian: 15 / 30, 10 / 15, 5 / 15; EN-EN 90 / 100).
 */
import type { BilingualItem } from "./bilingual-pairs.ts";

export const HELDOUT_B: readonly BilingualItem[] = [
  {
    id: "divorce",
    needRu: "Развожусь, нужен адвокат по семейным делам",
    needEn: "Going through a divorce and need a family lawyer",
    offerEn: "Family law attorney, divorce and custody cases",
    offerRu: "Адвокат по семейному праву: разводы, опека, алименты",
  },
  {
    id: "localization",
    needRu: "Хотим локализовать игру на испанский и португальский",
    needEn: "We want to localize our game into Spanish and Portuguese",
    offerEn: "Localization manager, games and apps into Romance languages",
    offerRu: "Занимаюсь локализацией игр и приложений на испанский",
  },
  {
    id: "sleep",
    needRu: "Плохо сплю уже полгода, ищу специалиста",
    needEn: "I have slept badly for six months and am looking for a specialist",
    offerEn: "Sleep doctor, insomnia treatment with CBT-I",
    offerRu: "Сомнолог, лечу бессонницу",
  },
  {
    id: "teenager",
    needRu: "Сложности в общении с сыном-подростком, нужен совет",
    needEn: "Struggling to communicate with my teenage son, need advice",
    offerEn: "Family therapist working with parents of teenagers",
    offerRu: "Семейный психолог, консультирую родителей подростков",
  },
  {
    id: "pets_abroad",
    needRu: "Как перевезти кошку в Европу? Нужна помощь с документами",
    needEn: "How do I move my cat to Europe? Need help with the paperwork",
    offerEn: "Pet relocation service, vet papers and flights for animals",
    offerRu: "Организую перевозку животных за границу, ветеринарные документы",
  },
  {
    id: "hardware_proto",
    needRu: "Нужен прототип устройства на Arduino для выставки",
    needEn: "Need an Arduino prototype of a device for a trade show",
    offerEn: "Embedded engineer, electronics prototyping with Arduino and ESP32",
    offerRu: "Инженер-электронщик, собираю прототипы на Arduino и ESP32",
  },
  {
    id: "smart_contract",
    needRu: "Нужен аудит смарт-контракта перед запуском токена",
    needEn: "Need a smart contract audit before our token launch",
    offerEn: "Blockchain security auditor, Solidity smart contracts",
    offerRu: "Провожу аудит смарт-контрактов на Solidity",
  },
  {
    id: "accessibility",
    needRu: "Хотим сделать сайт доступным для людей с нарушениями зрения",
    needEn: "We want our website to be accessible to visually impaired people",
    offerEn: "Accessibility specialist, WCAG audits and screen reader testing",
    offerRu: "Специалист по цифровой доступности, проверяю сайты по WCAG",
  },
  {
    id: "ngo_fundraising",
    needRu: "Наш фонд ищет способы собрать пожертвования",
    needEn: "Our charity is looking for ways to raise donations",
    offerEn: "Fundraiser for nonprofits, donor campaigns and crowdfunding",
    offerRu: "Фандрайзер, помогаю благотворительным фондам собирать деньги",
  },
  {
    id: "study_abroad",
    needRu: "Хочу поступить в университет в Нидерландах",
    needEn: "I want to get into a university in the Netherlands",
    offerEn: "Education consultant, admissions to European universities",
    offerRu: "Помогаю с поступлением в европейские вузы",
  },
  {
    id: "job_germany",
    needRu: "Ищу работу инженером в Германии",
    needEn: "Looking for an engineering job in Germany",
    offerEn: "Recruiter placing engineers with German companies",
    offerRu: "Рекрутер, трудоустраиваю инженеров в Германии",
  },
  {
    id: "catering",
    needRu: "Нужен кейтеринг на корпоратив на 80 человек",
    needEn: "Need catering for a company party of 80 people",
    offerEn: "Catering company for corporate events and banquets",
    offerRu: "Кейтеринг для корпоративных мероприятий и банкетов",
  },
  {
    id: "academic_paper",
    needRu: "Нужна помощь с написанием научной статьи на английском",
    needEn: "Need help writing a research paper in English",
    offerEn: "Academic editor, I polish scientific manuscripts for journals",
    offerRu: "Редактирую научные статьи для публикации в журналах",
  },
  {
    id: "farming",
    needRu: "Купили ферму, хотим выращивать овощи",
    needEn: "We bought a farm and want to grow vegetables",
    offerEn: "Agronomist, vegetable growing and soil health",
    offerRu: "Агроном, консультирую фермеров по выращиванию овощей",
  },
  {
    id: "dentist",
    needRu: "Болит зуб, ищу хорошего стоматолога",
    needEn: "I have a toothache and need a good dentist",
    offerEn: "Dentist, fillings, implants and emergency care",
    offerRu: "Стоматолог, лечу зубы и ставлю импланты",
  },
  {
    id: "podcast_guests",
    needRu: "Запускаю подкаст, нужны интересные гости",
    needEn: "Launching a podcast and need interesting guests",
    offerEn: "I love being a podcast guest and talk about startups",
    offerRu: "С удовольствием приду гостем в подкаст про стартапы",
  },
  {
    id: "hr_policy",
    needRu: "Нужно разработать систему оценки сотрудников",
    needEn: "Need to design a performance review system for staff",
    offerEn: "HR consultant, performance management and compensation",
    offerRu: "HR-консультант, выстраиваю оценку персонала и мотивацию",
  },
  {
    id: "tourism",
    needRu: "Хочу открыть гостевой дом в горах",
    needEn: "I want to open a guesthouse in the mountains",
    offerEn: "Hospitality consultant, boutique hotels and guesthouses",
    offerRu: "Консультант в гостиничном бизнесе, запускаю мини-отели",
  },
  {
    id: "kids_coding",
    needRu: "Ищу, кто научит ребёнка программировать на Scratch",
    needEn: "Looking for someone to teach my kid Scratch programming",
    offerEn: "Coding teacher for children, Scratch and Python",
    offerRu: "Преподаю программирование детям: Scratch и Python",
  },
  {
    id: "warehouse_automation",
    needRu: "Хотим автоматизировать склад и учёт остатков",
    needEn: "We want to automate our warehouse and stock tracking",
    offerEn: "WMS consultant, warehouse automation and inventory systems",
    offerRu: "Внедряю системы управления складом",
  },
];
