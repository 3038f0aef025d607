import { Admin, CustomRoutes, Resource } from "react-admin";
import { Route } from "react-router-dom";
import { AccountPage } from "./account-page.tsx";
import { authProvider } from "./auth-provider.ts";
import { Dashboard } from "./dashboard.tsx";
import { ConsoleLayout } from "./layout.tsx";
import { dataProvider } from "./data-provider.ts";
import { i18nProvider } from "./i18n.ts";
import { AnalyticsPage } from "./resources/analytics/analytics-page.tsx";
import { members } from "./resources/members/index.ts";
import { participants } from "./resources/participants/index.ts";
import { events } from "./resources/events/index.ts";
import { LoginPage } from "./login/login-page.tsx";
import { AuditLogPage } from "./resources/audit/audit-page.tsx";
import { MatchesPage } from "./resources/matches/matches-page.tsx";
import { MailingsPage } from "./resources/mailings/mailings-page.tsx";
import { QuestionsPage } from "./resources/questions/questions-page.tsx";
import { SettingsPage } from "./resources/settings/settings-page.tsx";
import { TopicsPage } from "./resources/topics/topics-page.tsx";

/** The console for community admins and moderators; one folder per resource joins <Admin> later. */
export function App() {
  return (
    <Admin
      title="Tuesday console"
      authProvider={authProvider}
      dataProvider={dataProvider}
      i18nProvider={i18nProvider}
      dashboard={Dashboard}
      layout={ConsoleLayout}
      loginPage={LoginPage}
      disableTelemetry
    >
      <Resource {...participants} />
      <Resource {...members} />
      <Resource {...events} />
      <CustomRoutes>
        <Route path="/account" element={<AccountPage />} />
        <Route path="/topics" element={<TopicsPage />} />
        <Route path="/analytics" element={<AnalyticsPage />} />
        <Route path="/mailings" element={<MailingsPage />} />
        <Route path="/audit" element={<AuditLogPage />} />
        <Route path="/settings" element={<SettingsPage />} />
        <Route path="/matches" element={<MatchesPage />} />
        <Route path="/questions" element={<QuestionsPage />} />
      </CustomRoutes>
    </Admin>
  );
}
