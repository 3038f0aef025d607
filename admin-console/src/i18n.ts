import polyglotI18nProvider from "ra-i18n-polyglot";
import englishMessages from "ra-language-english";
import type { TranslationMessages } from "react-admin";

const tuesdayEn = {
  tuesday: {
    dashboard: {
      title: "Dashboard",
      community: "Community",
      signedInAs: "Signed in as",
      domain: "Domain",
      languages: "Languages",
      methods: "Sign-in methods",
      memberApp: "Open the member app",
      resourcesSoon: "Topics are in the menu; participants, moderation and mailings will appear as they arrive.",
      loadFailed: "The community could not be loaded.",
    },
    account: { title: "My account", permissions: "Permissions" },
    mailings: {
      title: "Mailings",
      compose: "New mailing",
      required: "required",
      optional: "optional: members reading this language get the text above otherwise",
      subject: "Subject (%{lang})",
      body: "Text (%{lang}); a blank line starts a new paragraph",
      audience: "Audience",
      statuses: "Moderation status",
      roles: "Role (none ticked: every role)",
      langs: "Language (none ticked: every language)",
      status: { confirmed: "Confirmed", pending: "Pending", rejected: "Rejected" },
      role: { member: "Members", moderator: "Moderators", admin: "Admins" },
      langOnly: "Reads %{lang}",
      preview: "Preview",
      send: "Send",
      reach: "Recipients: %{total}.",
      started: "The mailing to %{total} members has started",
      history: "Sent mailings",
      empty: "No mailings yet.",
      when: "When",
      subjectCol: "Subject",
      progress: "Progress",
      counts: "%{percent}% · sent %{sent}, failed %{failed}, unsubscribed %{skipped} of %{total}",
      recommendations: "Send this week's recommendations now",
      recommendationsSent: "Recommendations of %{week}: %{n} e-mails queued",
      failed: "The mailings could not be loaded or sent.",
    },
    login: {
      subtitle: "Community console",
      sendCode: "Send me a sign-in code",
      codeSent: "We sent a code to %{email}.",
      code: "Code from the e-mail",
      otherEmail: "Use another e-mail",
      sendLink: "Send me a sign-in link",
      linkSent: "We sent a sign-in link to %{email}. Open it in this browser.",
      google: "Sign in with Google",
      orPassword: "or with a password",
    },
    topics: {
      title: "Topics",
      intro:
        "What members can say they need help with and can help with; the weekly matching pairs needs with offers. Archiving hides a topic and keeps members' picks for its return. When tenant.json lists topics, the next tenant apply restores them from the file.",
      empty: "No topics yet: members see the free texts only.",
      order: "Order",
      key: "Key",
      keyHint: "a-z, 0-9 and _, starting with a letter",
      label: "Label (%{lang})",
      save: "Save",
      archive: "Archive",
      archived: "Archived topics",
      restore: "Restore",
      add: "Add a topic",
      addButton: "Add",
      up: "Move %{key} up",
      down: "Move %{key} down",
      saved: "Topic saved",
      added: "Topic added",
      archivedDone: "Topic archived",
      restored: "Topic restored",
      reordered: "Order saved",
      failed: "The topics could not be loaded or saved.",
      adminsOnly: "Only the community's admins edit topics.",
    },
    auth: {
      not_allowed: "This account cannot open the console: it needs admin or moderator rights in this community.",
      invalid_login: "Invalid login or password",
      invalid_code: "The code is wrong or has expired.",
      method_not_allowed: "Password sign-in is not enabled for this community.",
      rate_limited: "Too many attempts. Please wait a little and try again.",
      sign_in_error: "Sign-in failed. Please try again.",
      sign_in_required: "Please sign in.",
    },
  },
};

const tuesdayRu: typeof tuesdayEn = {
  tuesday: {
    dashboard: {
      title: "Панель",
      community: "Сообщество",
      signedInAs: "Вы вошли как",
      domain: "Домен",
      languages: "Языки",
      methods: "Способы входа",
      memberApp: "Открыть приложение участника",
      resourcesSoon: "Темы уже в меню; участники, модерация и рассылки появятся по мере готовности.",
      loadFailed: "Не удалось загрузить сообщество.",
    },
    account: { title: "Мой аккаунт", permissions: "Права" },
    mailings: {
      title: "Рассылки",
      compose: "Новая рассылка",
      required: "обязательно",
      optional: "необязательно: иначе читающие на этом языке получат текст выше",
      subject: "Тема (%{lang})",
      body: "Текст (%{lang}); пустая строка начинает новый абзац",
      audience: "Получатели",
      statuses: "Статус модерации",
      roles: "Роль (ничего не отмечено: все роли)",
      langs: "Язык (ничего не отмечено: все языки)",
      status: { confirmed: "Подтверждённые", pending: "Ожидают", rejected: "Отклонённые" },
      role: { member: "Участники", moderator: "Модераторы", admin: "Администраторы" },
      langOnly: "Читают на %{lang}",
      preview: "Предпросмотр",
      send: "Отправить",
      reach: "Получателей: %{total}.",
      started: "Рассылка на %{total} участников началась",
      history: "Отправленные рассылки",
      empty: "Рассылок пока нет.",
      when: "Когда",
      subjectCol: "Тема",
      progress: "Ход",
      counts: "%{percent}% · отправлено %{sent}, ошибок %{failed}, отписались %{skipped} из %{total}",
      recommendations: "Отправить рекомендации недели сейчас",
      recommendationsSent: "Рекомендации на %{week}: писем в очереди %{n}",
      failed: "Не удалось загрузить или отправить рассылки.",
    },
    login: {
      subtitle: "Консоль сообщества",
      sendCode: "Прислать код для входа",
      codeSent: "Мы отправили код на %{email}.",
      code: "Код из письма",
      otherEmail: "Другой e-mail",
      sendLink: "Прислать ссылку для входа",
      linkSent: "Мы отправили ссылку для входа на %{email}. Откройте её в этом браузере.",
      google: "Войти через Google",
      orPassword: "или по паролю",
    },
    topics: {
      title: "Темы",
      intro:
        "С чем участники могут попросить помощи и чем могут помочь; еженедельный подбор сводит запросы с предложениями. Архивная тема скрыта, выбор участников сохраняется до её возвращения. Если темы заданы в tenant.json, следующее применение конфигурации вернёт их из файла.",
      empty: "Тем пока нет: участники видят только свободные тексты.",
      order: "Порядок",
      key: "Ключ",
      keyHint: "a-z, 0-9 и _, начиная с буквы",
      label: "Название (%{lang})",
      save: "Сохранить",
      archive: "В архив",
      archived: "Архивные темы",
      restore: "Вернуть",
      add: "Добавить тему",
      addButton: "Добавить",
      up: "Переместить %{key} выше",
      down: "Переместить %{key} ниже",
      saved: "Тема сохранена",
      added: "Тема добавлена",
      archivedDone: "Тема в архиве",
      restored: "Тема возвращена",
      reordered: "Порядок сохранён",
      failed: "Не удалось загрузить или сохранить темы.",
      adminsOnly: "Темы редактируют только администраторы сообщества.",
    },
    auth: {
      not_allowed: "Этот аккаунт не может открыть консоль: нужны права администратора или модератора сообщества.",
      invalid_login: "Неверный логин или пароль",
      invalid_code: "Код неверный или устарел.",
      method_not_allowed: "Вход по паролю не включён в этом сообществе.",
      rate_limited: "Слишком много попыток. Подождите немного и попробуйте снова.",
      sign_in_error: "Не удалось войти. Попробуйте ещё раз.",
      sign_in_required: "Пожалуйста, войдите.",
    },
  },
};

/** react-admin's own texts in Russian, for what the console shows today; the rest falls back to English. */
const raRu = {
  ra: {
    ...englishMessages.ra,
    action: { ...englishMessages.ra.action, logout: "Выйти", refresh: "Обновить", close: "Закрыть", cancel: "Отмена" },
    auth: {
      ...englishMessages.ra.auth,
      username: "Электронная почта",
      password: "Пароль",
      sign_in: "Войти",
      sign_in_error: "Не удалось войти. Попробуйте ещё раз.",
      logout: "Выйти",
      user_menu: "Профиль",
      auth_check_error: "Пожалуйста, войдите, чтобы продолжить",
    },
    page: { ...englishMessages.ra.page, dashboard: "Панель", loading: "Загрузка", error: "Что-то пошло не так", not_found: "Не найдено" },
    message: { ...englishMessages.ra.message, loading: "Загрузка…", error: "Ошибка сервера" },
    notification: { ...englishMessages.ra.notification, logged_out: "Сеанс завершён, войдите снова." },
    configurable: { ...englishMessages.ra.configurable },
  },
};

const raEn = { ra: { ...englishMessages.ra, auth: { ...englishMessages.ra.auth, username: "E-mail" } } };

const messages: Record<"en" | "ru", TranslationMessages> = {
  en: { ...englishMessages, ...raEn, ...tuesdayEn },
  ru: { ...englishMessages, ...raRu, ...tuesdayRu } as TranslationMessages,
};

/** The member app's stored language (`local`) is the console's starting language too. */
function initialLocale(): "en" | "ru" {
  try {
    return localStorage.getItem("local") === "ru" ? "ru" : "en";
  } catch {
    return "en";
  }
}

export const i18nProvider = polyglotI18nProvider((locale) => (locale === "ru" ? messages.ru : messages.en), initialLocale(), [
  { locale: "en", name: "English" },
  { locale: "ru", name: "Русский" },
]);
