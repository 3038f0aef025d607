import ContactsIcon from "@mui/icons-material/Contacts";
import EventIcon from "@mui/icons-material/Event";
import InsightsIcon from "@mui/icons-material/Insights";
import KeyIcon from "@mui/icons-material/Key";
import WebhookIcon from "@mui/icons-material/Webhook";
import LabelIcon from "@mui/icons-material/Label";
import PeopleIcon from "@mui/icons-material/People";
import HistoryIcon from "@mui/icons-material/History";
import MailIcon from "@mui/icons-material/Mail";
import PersonIcon from "@mui/icons-material/Person";
import QuizIcon from "@mui/icons-material/Quiz";
import ReportIcon from "@mui/icons-material/Report";
import SettingsIcon from "@mui/icons-material/Settings";
import { createTheme, ThemeProvider } from "@mui/material/styles";
import type { ReactNode } from "react";
import { Layout, Menu, usePermissions, useTranslate } from "react-admin";

/** The dashboard and the admin's own account; resource menus join as resources arrive. */
function ConsoleMenu() {
  const { permissions } = usePermissions<string[]>();
  // Topics are edited by admins only (moderators also enter the console).
  const isAdmin = (permissions ?? []).includes("CAN_VIEW_ADMIN_PANEL");
  return (
    <Menu>
      <Menu.DashboardItem />
      <Menu.Item to="/participants" primaryText="tuesday.participants.title" leftIcon={<PeopleIcon />} />
      <Menu.Item to="/reports" primaryText="tuesday.reports.title" leftIcon={<ReportIcon />} />
      {isAdmin ? <Menu.Item to="/members" primaryText="tuesday.members.title" leftIcon={<ContactsIcon />} /> : null}
      {isAdmin ? <Menu.Item to="/events" primaryText="tuesday.events.title" leftIcon={<EventIcon />} /> : null}
      {isAdmin ? <Menu.Item to="/analytics" primaryText="tuesday.analytics.title" leftIcon={<InsightsIcon />} /> : null}
      {isAdmin ? <Menu.Item to="/topics" primaryText="tuesday.topics.title" leftIcon={<LabelIcon />} /> : null}
      {isAdmin ? <Menu.Item to="/questions" primaryText="tuesday.questions.title" leftIcon={<QuizIcon />} /> : null}
      {isAdmin ? <Menu.Item to="/matches" primaryText="tuesday.matches.title" leftIcon={<PeopleIcon />} /> : null}
      {isAdmin ? <Menu.Item to="/mailings" primaryText="tuesday.mailings.title" leftIcon={<MailIcon />} /> : null}
      {isAdmin ? <Menu.Item to="/settings" primaryText="tuesday.settings.title" leftIcon={<SettingsIcon />} /> : null}
      {isAdmin ? <Menu.Item to="/audit" primaryText="tuesday.audit.title" leftIcon={<HistoryIcon />} /> : null}
      {isAdmin ? <Menu.Item to="/api-keys" primaryText="tuesday.apiKeys.title" leftIcon={<KeyIcon />} /> : null}
      {isAdmin ? <Menu.Item to="/webhooks" primaryText="tuesday.webhooks.title" leftIcon={<WebhookIcon />} /> : null}
      <Menu.Item to="/account" primaryText="tuesday.account.title" leftIcon={<PersonIcon />} />
    </Menu>
  );
}

/** MUI's own English defaults that react-admin does not translate (the pagination's landmark name). */
function TranslatedMuiDefaults({ children }: { children: ReactNode }) {
  const translate = useTranslate();
  const label = translate("tuesday.pagination");
  return (
    <ThemeProvider theme={(outer: object) => createTheme(outer, { components: { MuiPagination: { defaultProps: { "aria-label": label } } } })}>{children}</ThemeProvider>
  );
}

/**
 * The content keeps to the screen's width: a wide table scrolls inside its own box (its actions
 * stay reachable) and toolbars wrap, instead of the page growing past the screen.
 */
const CONTENT_FITS = {
  // react-admin's root grows to its content ("fit-content"): on a phone that made the page wider than the screen.
  minWidth: 0,
  "& .RaLayout-appFrame, & .RaLayout-contentWithSidebar": { minWidth: 0 },
  "& .RaLayout-content": { minWidth: 0 },
  "& .RaDatagrid-tableWrapper": { overflowX: "auto" },
  "& .RaList-main, & .RaList-content": { minWidth: 0 },
  "& .RaTopToolbar-root": { flexWrap: "wrap" },
  // On a phone the language button keeps its icons and drops the language's name (still its
  // accessible name): with the name, the screen's title was cut after a few letters at 390 px.
  "@media (max-width: 599.95px)": {
    // A long screen title ("Журнал изменений") wraps to a second line instead of being cut.
    "& #react-admin-title": { whiteSpace: "normal", fontSize: "1.05rem", lineHeight: 1.2 },
    // react-admin's LocalesMenuButton: the one app-bar button that controls its "simple-menu".
    '& header button[aria-controls="simple-menu"]': {
      fontSize: 0,
      minWidth: 0,
      "& .MuiButton-startIcon": { marginRight: 0 },
      "& .MuiButton-endIcon": { marginLeft: 0 },
    },
  },
} as const;

export function ConsoleLayout({ children }: { children: ReactNode }) {
  return (
    <TranslatedMuiDefaults>
      <Layout menu={ConsoleMenu} sx={CONTENT_FITS}>
        {children}
      </Layout>
    </TranslatedMuiDefaults>
  );
}
