import type { accountEn } from "./account.en.ts";
import type { RuTexts } from "./ru-texts.ts";


/** Russian texts of account management in /profile: the same keys as account.en.ts. */
export const accountRu: RuTexts<typeof accountEn> = {
  accountManage: {
    changePassword: "Сменить пароль",
    changeEmail: "Сменить e-mail",
    downloadData: "Скачать мои данные",
    deleteAccount: "Удалить аккаунт",
    currentPassword: "Текущий пароль",
    newPassword: "Новый пароль",
    repeatPassword: "Повторите новый пароль",
    savePassword: "Сохранить новый пароль",
    passwordChanged: "Пароль изменён. На всех других устройствах выполнен выход.",
    cancel: "Отмена",
    saving: "Сохраняем…",
    emailIntro: "Ваш e-mail: {{email}}. Мы отправим ссылку на новый адрес; e-mail сменится, когда вы её откроете.",
    newEmail: "Новый e-mail",
    password: "Пароль",
    sendLink: "Отправить ссылку для подтверждения",
    emailSent: "Мы отправили ссылку на {{email}}. Откройте её, чтобы подтвердить новый e-mail.",
    preparing: "Готовим…",
    deleteWarning:
      "Удаление аккаунта удалит ваш профиль, ответы, контакты, запросы, участие в чатах и регистрации на события во всех сообществах. Отправленные вами сообщения останутся в чатах других участников без вашего имени. Это действие нельзя отменить.",
    passwordRequired: "Введите пароль для подтверждения",
    deleteForever: "Удалить мой аккаунт",
    deleting: "Удаляем…",
  },
};
