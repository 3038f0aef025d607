import type { tenantEn } from "./tenant.en.ts";
import type { RuTexts } from "./ru-texts.ts";

/** Русские тексты вариантов сообществ, разделов банка-партнёра, тура и экранов запуска. */
export const tenantRu: RuTexts<typeof tenantEn> = {
  tenant: {
    donate: "Поддержать",
    donateLabel: "Поддержать {{name}} (откроется в новой вкладке)",
    applyNow: "Подать заявку",
    applyNowLabel: "Подать заявку (откроется в новой вкладке)",
    partnerSections: "Разделы {{name}}",
    sections: {
      services: "Услуги",
      education: "Обучение",
      contacts: "Контакты",
      events: "Мероприятия",
      earnings: "Заработок",
      career: "Карьера",
    },
    sectionEmpty: "Здесь пока ничего нет.",
    openSection: "Открыть раздел «{{section}}»",
    redirecting: "Переходим в ваше сообщество…",
    chunkTimeoutTitle: "Страница не загрузилась",
    chunkTimeoutText: "Часть приложения загружалась слишком долго. Проверьте подключение и попробуйте ещё раз.",
    retry: "Попробовать ещё раз",
    tour: {
      label: "Знакомство с клубом",
      stepOf: "Шаг {{step}} из {{total}}",
      next: "Далее",
      previous: "Назад",
      skip: "Пропустить",
      finish: "Готово",
      help: "Тур",
      helpLabel: "Показать тур по клубу ещё раз",
    },
  },
};
