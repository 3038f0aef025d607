import type { chat2En } from "./chat2.en.ts";
import type { RuTexts } from "./ru-texts.ts";

/** Русские тексты колокольчика уведомлений, участников группового чата и подключения Telegram. */
export const chat2Ru: RuTexts<typeof chat2En> = {
  bell: {
    label: "Уведомления",
    unread: "Уведомления, непрочитанных: {{count}}",
  },
  chatMembers: {
    title: "Участники",
    show: "Участники ({{count}})",
    hide: "Скрыть участников",
    rename: "Переименовать",
    name: "Название группы",
    save: "Сохранить",
    cancel: "Отмена",
    add: "Добавить участников",
    addPlaceholder: "Имя, компания или тег",
    addButton: "Добавить",
    remove: "Удалить",
    removeConfirm: "Удалить из группы: {{name}}?",
    leave: "Покинуть группу",
    leaveConfirm: "Покинуть группу? Вы больше не увидите её сообщения.",
    creator: "создатель",
    you: "вы",
    failed: "Не получилось. Попробуйте ещё раз.",
  },
  telegram: {
    title: "Telegram",
    connect: "Подключить Telegram",
    connecting: "Нажмите «Старт» в Telegram, чтобы завершить. Ждём…",
    openAgain: "Открыть Telegram",
    connected: "Подключён как {{name}}",
    connectedNoName: "Подключён",
    disconnect: "Отключить",
    blocked: "Бот заблокирован в Telegram. Подключите снова, чтобы получать уведомления.",
    hint: "Получайте уведомления в Telegram.",
    failed: "Не удалось подключить Telegram. Попробуйте ещё раз.",
  },
};
