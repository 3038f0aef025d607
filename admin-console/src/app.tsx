import { Admin, CustomRoutes, Resource } from "react-admin";
import { Route } from "react-router-dom";
import { AccountPage } from "./account-page.tsx";
import { authProvider } from "./auth-provider.ts";
import { Dashboard } from "./dashboard.tsx";
import { dataProvider } from "./data-provider.ts";
import { i18nProvider } from "./i18n.ts";
import { ConsoleLayout } from "./layout.tsx";
import { LoginPage } from "./login/login-page.tsx";
import { AnalyticsPage } from "./resources/analytics/analytics-page.tsx";
import { apiKeys } from "./resources/api-keys/index.ts";
import { audit } from "./resources/audit/index.ts";
import { events } from "./resources/events/index.ts";
import { mailings } from "./resources/mailings/index.ts";
import { MatchesPage } from "./resources/matches/matches-page.tsx";
import { members } from "./resources/members/index.ts";
import { participants } from "./resources/participants/index.ts";
import { questions } from "./resources/questions/index.ts";
import { reports } from "./resources/reports/index.ts";
import { SettingsPage } from "./resources/settings/settings-page.tsx";
import { topics } from "./resources/topics/index.ts";
import { webhooks } from "./resources/webhooks/index.ts";

/**
 * The console for community admins and moderators. Every list and show screen is a <Resource> on
 * the data provider; the custom routes are the screens that are not lists: analytics (charts),
 * matches (this week's pairs, the coming week's dry run and the pair to score), settings (one
 * form) and the admin's own account. They read through the data provider too.
 */
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
      <Resource {...reports} />
      <Resource {...events} />
      <Resource {...topics} />
      <Resource {...questions} />
      <Resource {...mailings} />
      <Resource {...audit} />
      <Resource {...apiKeys} />
      <Resource {...webhooks} />
      <Resource name="webhook-deliveries" />
      <CustomRoutes>
        <Route path="/account" element={<AccountPage />} />
        <Route path="/analytics" element={<AnalyticsPage />} />
        <Route path="/settings" element={<SettingsPage />} />
        <Route path="/matches" element={<MatchesPage />} />
      </CustomRoutes>
    </Admin>
  );
}
